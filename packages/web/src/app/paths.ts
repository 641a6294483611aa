/**
 * Every route of the web app, with `getHref` helpers (docs/product/api-and-routes.md, "Screens and layouts").
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: '/Register', getHref: () => '/Register' },
  requestReset: { path: '/request-reset', getHref: () => '/request-reset' },
  passwordReset: {
    path: '/auth/passwordReset/:token/:userId',
    getHref: (token: string, userId: number) => `/auth/passwordReset/${encodeURIComponent(token)}/${userId}`,
  },
  /** The link of the e-mail to a new address (ADR 087). */
  confirmEmail: {
    path: '/confirm-email',
    getHref: (token: string) => `/confirm-email?token=${encodeURIComponent(token)}`,
  },
  restrictedUser: { path: '/RestrictedUserPage', getHref: () => '/RestrictedUserPage' },

  // Footer tabs of the default layout.
  pluk: { path: '/pluk', getHref: () => '/pluk' },
  plukDetail: {
    path: '/pluk/detail/:id/:subscriptionId',
    getHref: (cropId: number, subscriptionId: number) => `/pluk/detail/${cropId}/${subscriptionId}`,
  },
  plukSubscription: {
    path: '/pluk/subscription/:id',
    getHref: (id: number) => `/pluk/subscription/${id}`,
  },
  events: { path: '/events', getHref: () => '/events' },
  event: { path: '/events/:id', getHref: (id: number) => `/events/${id}` },
  market: { path: '/market', getHref: () => '/market' },
  marketOffer: { path: '/market/offer/:id', getHref: (id: number) => `/market/offer/${id}` },
  marketNew: { path: '/market/new', getHref: () => '/market/new' },
  marketEdit: { path: '/market/offer/:id/edit', getHref: (id: number) => `/market/offer/${id}/edit` },
  marketConfirmPaid: {
    path: '/market/offer/:id/confirm-paid/:takerId',
    /** takerId is the reservation's id: one member may hold several reservations of one offer. */
    getHref: (id: number, reservationId: number) => `/market/offer/${id}/confirm-paid/${reservationId}`,
  },
  requests: { path: '/requests', getHref: () => '/requests' },
  request: { path: '/requests/:id', getHref: (id: number) => `/requests/${id}` },
  requestNew: { path: '/requests/new', getHref: () => '/requests/new' },
  requestEdit: { path: '/requests/:id/edit', getHref: (id: number) => `/requests/${id}/edit` },
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  tasks: { path: '/tasks', getHref: () => '/tasks' },
  task: { path: '/tasks/:id', getHref: (id: number) => `/tasks/${id}` },
  post: { path: '/posts/:id', getHref: (id: number) => `/posts/${id}` },
  notifications: { path: '/notifications', getHref: () => '/notifications' },

  account: {
    root: { path: '/account', getHref: () => '/account' },
    edit: { path: '/account/edit', getHref: () => '/account/edit' },
    editPassword: { path: '/account/editpassword', getHref: () => '/account/editpassword' },
    data: { path: '/account/data', getHref: () => '/account/data' },
    privacy: { path: '/account/privacy', getHref: () => '/account/privacy' },
    tasks: { path: '/account/tasks', getHref: () => '/account/tasks' },
    credits: { path: '/account/credits', getHref: () => '/account/credits' },
    feedback: { path: '/account/feedback', getHref: () => '/account/feedback' },
    market: { path: '/account/market', getHref: () => '/account/market' },
    requests: { path: '/account/requests', getHref: () => '/account/requests' },
    membership: { path: '/account/membership', getHref: () => '/account/membership' },
  },

  // bank (member): one transaction's payment page (no login, the e-mail link) and the page Mollie sends
  // the browser back to (no login; without an id it reads the one kept in this tab).
  bank: {
    payment: {
      path: '/account/membership/:publicId',
      getHref: (publicId: string) => `/account/membership/${encodeURIComponent(publicId)}`,
    },
    paymentReturn: { path: '/paymentReturn', getHref: () => '/paymentReturn' },
    paymentReturnOf: {
      path: '/paymentReturn/:publicId',
      getHref: (publicId: string) => `/paymentReturn/${encodeURIComponent(publicId)}`,
    },
  },

  // re-enrolment (member): the yearly questionnaire and its thanks page.
  questions: {
    root: { path: '/questionsfornextyear', getHref: () => '/questionsfornextyear' },
    done: {
      path: '/questionsfornextyear/:id/done',
      getHref: (id: number) => `/questionsfornextyear/${id}/done`,
    },
  },

  // analyst (decision 085): Analyst and Admin only.
  analyst: {
    home: { path: '/analyst', getHref: (search = '') => `/analyst${search}` },
    wallet: { path: '/analyst/wallet', getHref: (search = '') => `/analyst/wallet${search}` },
    event: { path: '/analyst/event', getHref: (search = '') => `/analyst/event${search}` },
    request: { path: '/analyst/Request', getHref: (search = '') => `/analyst/Request${search}` },
    task: { path: '/analyst/task', getHref: (search = '') => `/analyst/task${search}` },
    product: { path: '/analyst/product', getHref: (search = '') => `/analyst/product${search}` },
    graph: { path: '/analyst/graph', getHref: (search = '') => `/analyst/graph${search}` },
  },

  manager: {
    home: { path: '/applicationManager', getHref: () => '/applicationManager' },
    users: {
      path: '/applicationManager/users',
      getHref: () => '/applicationManager/users',
      create: { path: '/applicationManager/users/new', getHref: () => '/applicationManager/users/new' },
      editParent: { path: '/applicationManager/users/edit', getHref: () => '/applicationManager/users/edit' },
      edit: {
        path: '/applicationManager/users/edit/:id',
        getHref: (id: number) => `/applicationManager/users/edit/${id}`,
      },
      detail: {
        path: '/applicationManager/users/:id',
        getHref: (id: number) => `/applicationManager/users/${id}`,
      },
      multiactions: {
        path: '/applicationManager/users/multiactions',
        getHref: () => '/applicationManager/users/multiactions',
      },
      import: {
        path: '/applicationManager/users/import',
        getHref: () => '/applicationManager/users/import',
      },
    },
    waitingList: {
      path: '/applicationManager/users/waiting-list',
      getHref: () => '/applicationManager/users/waiting-list',
    },
    experimental: {
      path: '/applicationManager/experimental',
      getHref: () => '/applicationManager/experimental',
    },
    tasks: {
      list: { path: '/applicationManager/tasks', getHref: () => '/applicationManager/tasks' },
      create: { path: '/applicationManager/tasks/new', getHref: () => '/applicationManager/tasks/new' },
      edit: {
        path: '/applicationManager/tasks/:id/edit',
        getHref: (id: number) => `/applicationManager/tasks/${id}/edit`,
      },
      detail: {
        path: '/applicationManager/tasks/:id',
        getHref: (id: number) => `/applicationManager/tasks/${id}`,
      },
    },
    events: {
      list: { path: '/applicationManager/events', getHref: () => '/applicationManager/events' },
      create: { path: '/applicationManager/events/new', getHref: () => '/applicationManager/events/new' },
      edit: {
        path: '/applicationManager/events/:id/edit',
        getHref: (id: number) => `/applicationManager/events/${id}/edit`,
      },
      detail: {
        path: '/applicationManager/events/:id',
        getHref: (id: number) => `/applicationManager/events/${id}`,
      },
    },
    posts: {
      list: { path: '/applicationManager/posts', getHref: () => '/applicationManager/posts' },
      create: { path: '/applicationManager/posts/new', getHref: () => '/applicationManager/posts/new' },
      edit: {
        path: '/applicationManager/posts/:id/edit',
        getHref: (id: number) => `/applicationManager/posts/${id}/edit`,
      },
      detail: {
        path: '/applicationManager/posts/:id',
        getHref: (id: number) => `/applicationManager/posts/${id}`,
      },
    },
    feedback: { path: '/applicationManager/feedback', getHref: () => '/applicationManager/feedback' },
    products: {
      list: { path: '/applicationManager/product', getHref: () => '/applicationManager/product' },
      create: { path: '/applicationManager/product/edit', getHref: () => '/applicationManager/product/edit' },
      edit: {
        path: '/applicationManager/product/Edit/:productId',
        getHref: (id: number) => `/applicationManager/product/Edit/${id}`,
      },
      detail: {
        path: '/applicationManager/product/Detail/:productId',
        getHref: (id: number) => `/applicationManager/product/Detail/${id}`,
      },
      /** Every reservation of the farm (ADR 096). */
      reservations: {
        path: '/applicationManager/product/reservations',
        /** With an offer: only its reservations, every status (`?aanbod=&status=alle`). */
        getHref: (offerId?: number) =>
          offerId === undefined
            ? '/applicationManager/product/reservations'
            : `/applicationManager/product/reservations?aanbod=${offerId}&status=alle`,
      },
    },
    requests: { path: '/applicationManager/requests', getHref: () => '/applicationManager/requests' },
    internalBank: {
      path: '/applicationManager/internalbank',
      getHref: () => '/applicationManager/internalbank',
    },
    // bank (manager)
    bank: {
      list: { path: '/applicationManager/bank', getHref: () => '/applicationManager/bank' },
      detail: {
        path: '/applicationManager/bank/Transactions/detail/:id',
        getHref: (id: number) => `/applicationManager/bank/Transactions/detail/${id}`,
      },
      edit: {
        path: '/applicationManager/bank/Transactions/edit/:id',
        getHref: (id: number) => `/applicationManager/bank/Transactions/edit/${id}`,
      },
      /** A member's transactions (until the users area has a user detail screen to show them on). */
      user: {
        path: '/applicationManager/bank/user/:userId',
        getHref: (userId: number, name?: string) =>
          `/applicationManager/bank/user/${userId}${name ? `?naam=${encodeURIComponent(name)}` : ''}`,
      },
    },
    // end bank (manager)
    crops: {
      list: { path: '/applicationManager/crops', getHref: () => '/applicationManager/crops' },
      create: { path: '/applicationManager/crops/new', getHref: () => '/applicationManager/crops/new' },
      edit: {
        path: '/applicationManager/crops/:id/edit',
        getHref: (id: number) => `/applicationManager/crops/${id}/edit`,
      },
      detail: {
        path: '/applicationManager/crops/:id',
        getHref: (id: number) => `/applicationManager/crops/${id}`,
      },
    },
    fields: {
      list: { path: '/applicationManager/fields', getHref: () => '/applicationManager/fields' },
      create: { path: '/applicationManager/fields/new', getHref: () => '/applicationManager/fields/new' },
      detail: {
        path: '/applicationManager/fields/:id',
        getHref: (id: number) => `/applicationManager/fields/${id}`,
      },
    },
    pluk: {
      list: { path: '/applicationManager/pluk', getHref: () => '/applicationManager/pluk' },
      overview: {
        path: '/applicationManager/pluk/overview',
        getHref: () => '/applicationManager/pluk/overview',
      },
      edit: {
        path: '/applicationManager/pluk/:id/edit',
        getHref: (id: number) => `/applicationManager/pluk/${id}/edit`,
      },
      detail: {
        path: '/applicationManager/pluk/:id',
        getHref: (id: number) => `/applicationManager/pluk/${id}`,
      },
    },
    // e-mails and communication (decision 082); the templates and SMTP screens are under `settings`.
    communication: {
      home: { path: '/applicationManager/communication', getHref: () => '/applicationManager/communication' },
      sendPluk: {
        path: '/applicationManager/communication/sendpluk',
        getHref: () => '/applicationManager/communication/sendpluk',
      },
    },
    // bank (admin)
    bankYearly: {
      path: '/applicationManager/administration-actions/create-yearly-transactions',
      getHref: () => '/applicationManager/administration-actions/create-yearly-transactions',
    },
    bankEmails: { path: '/applicationManager/bank/emails', getHref: () => '/applicationManager/bank/emails' },
    bankImport: { path: '/applicationManager/bank/import', getHref: () => '/applicationManager/bank/import' },
    mollie: { path: '/applicationManager/mollie', getHref: () => '/applicationManager/mollie' },
    bankSettings: {
      path: '/applicationManager/bank/settings',
      getHref: () => '/applicationManager/bank/settings',
    },
    /** The bulk actions: yearly transactions, re-enrolment rounds and the Admin's actions. */
    administrationActions: {
      path: '/applicationManager/administration-actions',
      getHref: () => '/applicationManager/administration-actions',
    },
    // end bank (admin)
    subscriptions: {
      list: { path: '/applicationManager/subscription', getHref: () => '/applicationManager/subscription' },
      create: {
        path: '/applicationManager/subscription/new',
        getHref: () => '/applicationManager/subscription/new',
      },
      edit: {
        path: '/applicationManager/subscription/:id/edit',
        getHref: (id: number) => `/applicationManager/subscription/${id}/edit`,
      },
      detail: {
        path: '/applicationManager/subscription/:id',
        getHref: (id: number) => `/applicationManager/subscription/${id}`,
      },
      assign: {
        path: '/applicationManager/subscription/assigntousers/:id',
        getHref: (id: number) => `/applicationManager/subscription/assigntousers/${id}`,
      },
    },
    // re-enrolment (manager)
    reenrolment: {
      list: {
        path: '/applicationManager/administration-actions/IntentionPolicy',
        getHref: () => '/applicationManager/administration-actions/IntentionPolicy',
      },
      create: {
        path: '/applicationManager/administration-actions/IntentionPolicy/new',
        getHref: () => '/applicationManager/administration-actions/IntentionPolicy/new',
      },
      /** The modal's close button goes up to here when the form was opened directly: back to the list. */
      editParent: {
        path: '/applicationManager/administration-actions/IntentionPolicy/edit',
        getHref: () => '/applicationManager/administration-actions/IntentionPolicy/edit',
      },
      edit: {
        path: '/applicationManager/administration-actions/IntentionPolicy/edit/:id',
        getHref: (id: number) => `/applicationManager/administration-actions/IntentionPolicy/edit/${id}`,
      },
      /** The follow-up of one round: answers, reminders and the conversion. */
      detail: {
        path: '/applicationManager/administration-actions/IntentionPolicy/:id',
        getHref: (id: number) => `/applicationManager/administration-actions/IntentionPolicy/${id}`,
      },
      /** `?ronde=` preselects a round. */
      createQuestions: {
        path: '/applicationManager/administration-actions/createQuestionsForNextYear',
        getHref: (policyId?: number) =>
          `/applicationManager/administration-actions/createQuestionsForNextYear${policyId ? `?ronde=${policyId}` : ''}`,
      },
    },
    // end re-enrolment (manager)
    // settings (decision 081)
    settings: {
      home: { path: '/applicationManager/settings', getHref: () => '/applicationManager/settings' },
      overview: {
        path: '/applicationManager/settings/Overview',
        getHref: () => '/applicationManager/settings/Overview',
      },
      colors: {
        path: '/applicationManager/settings/Colors',
        getHref: () => '/applicationManager/settings/Colors',
      },
      logo: {
        path: '/applicationManager/settings/UpdateLogo',
        getHref: () => '/applicationManager/settings/UpdateLogo',
      },
      membership: {
        path: '/applicationManager/settings/membership',
        getHref: () => '/applicationManager/settings/membership',
      },
      advanced: {
        path: '/applicationManager/settings/advanced',
        getHref: () => '/applicationManager/settings/advanced',
      },
      // The e-mail templates and the SMTP settings (communication).
      emails: {
        path: '/applicationManager/settings/emails',
        getHref: () => '/applicationManager/settings/emails',
      },
      smtp: { path: '/applicationManager/settings/smtp', getHref: () => '/applicationManager/settings/smtp' },
      actions: {
        path: '/applicationManager/settings/Actions',
        getHref: () => '/applicationManager/settings/Actions',
      },
      createNewApp: {
        path: '/applicationManager/settings/CreateNewApp',
        getHref: () => '/applicationManager/settings/CreateNewApp',
      },
    },
    // end admin actions
    // translations (Admin): `?q=`, `?onderdeel=`, `?aangepast=1` keep the list's filters.
    translations: {
      path: '/applicationManager/translations',
      getHref: () => '/applicationManager/translations',
    },
  },
} as const;
