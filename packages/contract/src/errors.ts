import { z } from 'zod';

/**
 * Every error code the API answers with. The server's messages are Dutch and meant for people;
 * the web app may show its own text per code (see the web's `errors` translations).
 */
export const errorCodes = [
  'E001', // no installation (app) for this host and no default app
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'ACCOUNT_NOT_APPROVED',
  'ACCOUNT_INACTIVE', // a deactivated member: no tokens, no reads (decision 055)
  'IMPERSONATION_FORBIDDEN',
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'WRONG_PASSWORD',
  'RESET_TOKEN_INVALID',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'ALREADY_APPROVED',
  'ADMIN_ROLE_ONLY_BY_ADMIN',
  'ACCOUNT_ABOVE_YOURS', // users: the account holds a role the caller does not pass (ADR 086)
  'LAST_ADMIN',
  'CANNOT_DELETE_SELF',
  'CANNOT_DEACTIVATE_SELF',
  'USER_HAS_OPEN_TRADES',
  'FEEDBACK_ALREADY_HANDLED',
  'PUSH_ENDPOINT_NOT_ALLOWED',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'SHUTTING_DOWN', // the readiness check of a server that is stopping (decision 103)
  'INTERNAL_ERROR',
  'CONFLICT', // database: a unique value (name, e-mail, one-per-member row) already exists (ADR 050)
  'REFERENCE_CONFLICT', // database: what it points to was removed, or what is removed is still used (ADR 050)
  'CONCURRENT_UPDATE', // database: clashed with another change twice (serialization failure, deadlock)
  'TASK_CLOSED', // task: closed, nobody can take it
  'TASK_STARTED', // task: started or over, nobody can take or leave it
  'TASK_FULL', // task: every place is taken
  'TASK_ALREADY_TAKEN', // task: I already have an assignment for it
  'TASK_NOT_CANCELLABLE', // task: my assignment is no longer waiting
  'EVENT_CLOSED', // event: closed, nobody signs up or changes guests
  'EVENT_STARTED', // event: started, sign-ups can no longer change
  'EVENT_ENDED', // event: over
  'EVENT_FULL', // event: not enough places for me and my guests
  'EVENT_ALREADY_SIGNED_UP', // event: I already have a sign-up
  'EVENT_NOT_SIGNED_UP', // event: I have no sign-up to change or cancel
  'EVENT_SIGN_UP_REFUSED', // event: my sign-up was refused, I cannot change it
  'EVENT_CAPACITY_TOO_LOW', // event: capacity below the places already taken
  'EVENT_ATTENDANCE_ALREADY_HANDLED', // event: sign-up already confirmed (or refused)
  'OFFER_CLOSED', // market: the offer is closed
  'OFFER_ENDED', // market: the offer is past its availableUntil
  'OFFER_SOLD_OUT', // market: not enough left for this quantity
  'OFFER_OWN', // market: one's own offer cannot be reserved
  'OFFER_NOT_FREE', // market: take on a priced offer
  'OFFER_HAS_PAYMENTS', // market: delete refused once something was paid
  'OFFER_QUANTITY_TOO_LOW', // market: quantity below what is reserved or bought
  'RESERVATION_ALREADY_HANDLED', // market: reservation already paid, refused or cancelled
  'NOT_TRANSACTIONABLE', // wallet: this member does not trade with virtual money
  'INSUFFICIENT_FUNDS', // wallet: not enough available virtual money
  'TOGGLE_TRANSACTIONABLE_NOT_ALLOWED', // wallet: the farm does not let members switch trading themselves
  'TRANSACTIONABLE_HAS_OPEN', // wallet: switching off with open reservations or rewards
  'REQUEST_OWN', // request: one's own request cannot be taken
  'REQUEST_NOT_OPEN', // request: already taken, completed or closed
  'REQUEST_NOT_TAKEN', // request: nobody took it
  'REQUEST_ENDED', // request: past its neededBy
  'REQUEST_COMPLETED', // request: completed, its reward was paid
  'IDEMPOTENCY_KEY_REUSED', // money: the key was used for another call
  'POST_NOT_ACTIVE', // post: e-mailing a post members cannot read
  'POST_ALREADY_EMAILED', // post: this version of the post already has an e-mail round
  'CROP_NAME_TAKEN', // harvest: another crop of the farm has this name (case-insensitive)
  'FIELD_NAME_TAKEN', // harvest: another field of the farm has this name (case-insensitive)
  'FIELD_IN_USE', // harvest: a crop grows on the field; it cannot be deleted
  'IMPORT_INVALID', // harvest: the crop spreadsheet has row errors; nothing was imported
  'IMPORT_FILE_REFUSED', // harvest: the file cannot be read safely (formula, huge cell, zip bomb, not a sheet)
  'IMPORT_IN_USE', // imports: a row of the batch is used or changed since; the batch cannot be undone
  'IMPORT_ALREADY_UNDONE', // imports: the batch was undone before
  'SUBSCRIPTION_NAME_TAKEN', // subscription: the harvest year has a subscription of this name
  'SUBSCRIPTION_IN_USE', // subscription: members have it; it cannot be deleted (or change year)
  'SUBSCRIPTION_NOT_OPEN', // subscription: not open for registration (or not active)
  'TRANSACTION_ALREADY_HANDLED', // bank: the transaction is paid or cancelled already
  'TRANSACTION_PAID', // bank: a paid transaction is kept as proof; it cannot be deleted
  'TRANSACTION_EXISTS', // bank: this member's subscription has an open or paid transaction already
  'NOT_SUBSCRIBED', // bank: the member does not have this subscription
  'PAID_BY_TRANSACTIONS', // bank: this year's payment follows paid transactions; undo them in the bank
  'BANK_ACCOUNT_INVALID', // bank: the IBAN fails its check
  'BANK_FILE_INVALID', // bank: the statement file is neither a readable CODA nor CAMT.053 file
  'BANK_FILE_OTHER_ACCOUNT', // bank: the statement is of another account than the farm's (ADR 093)
  'TRANSACTION_NOT_PAID', // bank: only a paid transaction can be reopened or refunded (ADR 093)
  'TRANSACTION_PAID_ONLINE', // bank: a paid-online transaction is refunded through Mollie, not reopened
  'BANK_LINE_ALREADY_HANDLED', // bank: the statement line was matched or set aside already
  'BANK_LINE_NOT_CREDIT', // bank: money out cannot pay a transaction
  'PAYMENT_PROVIDER_NOT_CONFIGURED', // bank: the farm has no Mollie key; pay by transfer
  'PAYMENT_PROVIDER_REFUSED', // bank: Mollie refused the key or the payment
  'PAYMENT_PROVIDER_UNAVAILABLE', // bank: Mollie cannot be reached now (503, try again)
  'POLICY_ENDED', // re-enrolment: past the policy's deadline, answers are closed
  'POLICY_NOT_ENDED', // re-enrolment: the conversion waits for the deadline
  'POLICY_CONVERTED', // re-enrolment: the answers became subscriptions; the policy no longer changes
  'POLICY_YEAR_TAKEN', // re-enrolment: one policy per harvest year
  'POLICY_OFFER_CHOSEN', // re-enrolment: members chose this offer; it cannot be removed
  'APP_ID_TAKEN', // admin: another farm has this app id
  'HOST_TAKEN', // admin: another farm answers on this host name
  'DEFAULT_APP', // admin: the default farm cannot be removed
  'EMAIL_CHANGE_TOKEN_INVALID', // auth: the e-mail confirmation link is unknown, used or expired (ADR 087)
  'MY_DATA_NOT_READY', // user: my data's ZIP is still being prepared, or its preparation failed (decision 101)
  'MY_DATA_EXPIRED', // user: my data's ZIP is past its 24 hours (410, decision 101)
  'ACCOUNT_HAS_OPEN_PAYMENT', // user: my account is not deleted while a payment is open (decision 101)
  'ACCOUNT_HAS_PENDING_CHORE', // user: my account is not deleted while a chore waits (decision 101)
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One error shape for every failure: `{ error: { code, message, fields? } }`. */
export const errorBodySchema = z.object({
  /**
   * Only on E001: the start-up error body (docs/product/api-and-routes.md, "Errors") is `{ code: 'E001' }`.
   */
  code: z.literal('E001').optional(),
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Per-field messages for VALIDATION_ERROR, keyed by dotted path (`address.city`). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Dutch default messages; the server sends them, the web app falls back on them. */
export const defaultErrorMessages: Record<ErrorCode, string> = {
  E001: 'Deze plukboerderij/zelfpluktuin bestaat nog niet',
  VALIDATION_ERROR: 'Niet alle gegevens zijn juist ingevuld.',
  MALFORMED_JSON: 'De gegevens konden niet gelezen worden (ongeldige JSON).',
  PAYLOAD_TOO_LARGE: 'De gegevens zijn te groot.',
  UNSUPPORTED_MEDIA_TYPE: 'Dit soort gegevens wordt niet aanvaard.',
  NOT_FOUND: 'Niet gevonden.',
  ROUTE_NOT_FOUND: 'Deze pagina of oproep bestaat niet.',
  UNAUTHORIZED: 'Je bent niet (meer) aangemeld.',
  FORBIDDEN: 'Je hebt geen toegang tot dit onderdeel.',
  ACCOUNT_NOT_APPROVED: 'Je account wacht nog op goedkeuring.',
  ACCOUNT_INACTIVE: 'Je account is niet actief. Neem contact op met de beheerders van je plukboerderij.',
  IMPERSONATION_FORBIDDEN: 'Alleen een beheerder kan als een ander lid werken.',
  INVALID_CREDENTIALS: 'Gebruikersnaam of wachtwoord is onjuist.',
  USERNAME_TAKEN: 'Deze gebruikersnaam is al in gebruik.',
  EMAIL_TAKEN: 'Er bestaat al een account met dit e-mailadres.',
  ADMIN_ROLE_ONLY_BY_ADMIN: 'Alleen een Admin kan de rol Admin geven of afnemen.',
  ACCOUNT_ABOVE_YOURS: 'Je kan geen account beheren met een rol die jij niet hebt.',
  LAST_ADMIN: 'Dit is de laatste actieve Admin van de boerderij: die blijft.',
  CANNOT_DELETE_SELF: 'Je kan je eigen account niet verwijderen.',
  CANNOT_DEACTIVATE_SELF: 'Je kan je eigen account niet deactiveren.',
  USER_HAS_OPEN_TRADES: 'Dit lid heeft nog open reservaties of vragen. Handel die eerst af.',
  WRONG_PASSWORD: 'Je huidige wachtwoord is onjuist.',
  RESET_TOKEN_INVALID: 'Deze link is ongeldig of verlopen. Vraag een nieuwe aan.',
  FILE_TOO_LARGE: 'Het bestand is te groot.',
  FILE_TYPE_NOT_ALLOWED: 'Dit bestandstype is niet toegestaan.',
  ALREADY_APPROVED: 'Dit lid is al goedgekeurd.',
  FEEDBACK_ALREADY_HANDLED: 'Deze feedback is al behandeld en kan niet meer gewijzigd worden.',
  PUSH_ENDPOINT_NOT_ALLOWED: 'Dit toestel kan geen meldingen ontvangen: het push-adres wordt niet aanvaard.',
  RATE_LIMITED: 'Te veel pogingen. Probeer het over enkele minuten opnieuw.',
  DATABASE_UNAVAILABLE: 'De databank is niet bereikbaar.',
  SHUTTING_DOWN: 'Deze server stopt. Probeer het zo meteen opnieuw.',
  INTERNAL_ERROR: 'Er ging iets mis. Probeer het later opnieuw.',
  CONFLICT: 'Dit bestaat al. Vernieuw de pagina om de huidige gegevens te zien.',
  REFERENCE_CONFLICT:
    'Dit kan niet: iets waar het naar verwijst werd intussen verwijderd, of het wordt nog ergens gebruikt. Vernieuw de pagina en probeer opnieuw.',
  CONCURRENT_UPDATE: 'Iemand anders wijzigde dit op hetzelfde moment. Probeer het opnieuw.',
  TASK_CLOSED: 'Dit klusje is afgesloten: je kan je niet meer inschrijven.',
  TASK_STARTED: 'Dit klusje is al begonnen of voorbij: je kan je niet meer inschrijven.',
  TASK_FULL: 'Dit klusje is volzet: alle plaatsen zijn al ingenomen.',
  TASK_ALREADY_TAKEN: 'Je hebt je al ingeschreven voor dit klusje.',
  TASK_NOT_CANCELLABLE: 'Je inschrijving is al bevestigd of geweigerd; annuleren kan niet meer.',
  EVENT_CLOSED: 'Dit evenement is gesloten: aanmelden of je aanmelding wijzigen kan niet meer.',
  EVENT_STARTED: 'Dit evenement is al begonnen: aanmelden, wijzigen of annuleren kan niet meer.',
  EVENT_ENDED: 'Dit evenement is al voorbij.',
  EVENT_FULL: 'Er zijn niet genoeg plaatsen meer vrij voor jou en je gasten.',
  EVENT_ALREADY_SIGNED_UP: 'Je bent al aangemeld voor dit evenement.',
  POST_NOT_ACTIVE: 'Dit bericht is niet actief: maak het eerst actief, anders kunnen leden het niet lezen.',
  POST_ALREADY_EMAILED:
    'Dit bericht is al per e-mail verstuurd. Pas het bericht aan als je het opnieuw wilt versturen.',
  EVENT_NOT_SIGNED_UP: 'Je bent niet aangemeld voor dit evenement.',
  EVENT_SIGN_UP_REFUSED: 'Je aanmelding voor dit evenement werd geweigerd; je kan ze niet meer wijzigen.',
  EVENT_CAPACITY_TOO_LOW: 'Er zijn al meer plaatsen ingenomen dan dit aantal.',
  EVENT_ATTENDANCE_ALREADY_HANDLED: 'Deze aanmelding is al zo verwerkt.',
  OFFER_CLOSED: 'Dit aanbod is afgesloten: je kan het niet meer reserveren.',
  OFFER_ENDED: 'Dit aanbod is verlopen.',
  OFFER_SOLD_OUT: 'Er is niet genoeg meer over van dit aanbod.',
  OFFER_OWN: 'Je kan je eigen aanbod niet reserveren.',
  OFFER_NOT_FREE: 'Dit aanbod is niet gratis: koop het met plukgeld.',
  OFFER_HAS_PAYMENTS: 'Van dit aanbod werd al iets betaald; sluit het in plaats van het te verwijderen.',
  OFFER_QUANTITY_TOO_LOW: 'Er is al meer gereserveerd of verkocht dan deze hoeveelheid.',
  RESERVATION_ALREADY_HANDLED: 'Deze reservatie is al verwerkt.',
  NOT_TRANSACTIONABLE:
    'Je handelt niet met plukgeld. Zet het aan in je portefeuille of vraag het aan de beheerders.',
  INSUFFICIENT_FUNDS: 'Je hebt niet genoeg plukgeld beschikbaar.',
  TOGGLE_TRANSACTIONABLE_NOT_ALLOWED:
    'Op deze plukboerderij zetten de beheerders het handelen met plukgeld aan of uit.',
  TRANSACTIONABLE_HAS_OPEN: 'Je hebt nog open reservaties of verzoeken met een beloning; rond die eerst af.',
  REQUEST_OWN: 'Je kan je eigen verzoek niet opnemen.',
  REQUEST_NOT_OPEN: 'Dit verzoek werd al opgenomen of is afgesloten.',
  REQUEST_NOT_TAKEN: 'Niemand heeft dit verzoek opgenomen.',
  REQUEST_ENDED: 'Dit verzoek is verlopen.',
  REQUEST_COMPLETED: 'Dit verzoek is al afgerond; de beloning werd betaald.',
  IDEMPOTENCY_KEY_REUSED:
    'Deze sleutel werd al voor iets anders gebruikt. Vernieuw de pagina en probeer opnieuw.',
  CROP_NAME_TAKEN: 'Er bestaat al een gewas met deze naam.',
  FIELD_NAME_TAKEN: 'Er bestaat al een veld met deze naam.',
  FIELD_IN_USE: 'Op dit veld staan nog gewassen. Haal het eerst bij die gewassen weg.',
  IMPORT_INVALID: 'Het bestand bevat fouten. Verbeter ze en probeer opnieuw; er werd niets ingelezen.',
  IMPORT_FILE_REFUSED: 'Dit bestand kan niet ingelezen worden.',
  IMPORT_IN_USE:
    'Deze import kan niet meer ongedaan gemaakt worden: wat hij schreef, wordt intussen gebruikt of werd gewijzigd.',
  IMPORT_ALREADY_UNDONE: 'Deze import werd al ongedaan gemaakt.',
  SUBSCRIPTION_NAME_TAKEN: 'Er bestaat al een abonnement met deze naam in dit oogstjaar.',
  SUBSCRIPTION_IN_USE: 'Dit abonnement heeft nog leden. Haal ze er eerst af.',
  SUBSCRIPTION_NOT_OPEN: 'Voor dit abonnement kan je je nu niet inschrijven.',
  TRANSACTION_ALREADY_HANDLED: 'Deze betaling is al betaald of geannuleerd.',
  TRANSACTION_PAID: 'Een betaalde transactie blijft bewaard als bewijs: je kan ze niet verwijderen.',
  TRANSACTION_EXISTS: 'Voor dit abonnement van dit lid bestaat al een open of betaalde transactie.',
  NOT_SUBSCRIBED: 'Dit lid heeft dit abonnement niet.',
  PAID_BY_TRANSACTIONS: 'Dit lid heeft dit oogstjaar betaalde transacties. Pas de betaling aan in de bank.',
  BANK_ACCOUNT_INVALID: 'Dit is geen geldig IBAN-rekeningnummer.',
  BANK_FILE_INVALID: 'Dit bestand is geen CODA- of CAMT.053-rekeningafschrift dat we kunnen lezen.',
  BANK_FILE_OTHER_ACCOUNT: 'Dit rekeningafschrift is van een andere rekening dan die van de boerderij.',
  TRANSACTION_NOT_PAID: 'Deze transactie is niet betaald: er is niets om terug te draaien.',
  TRANSACTION_PAID_ONLINE:
    'Deze transactie is online betaald: betaal het bedrag terug via Mollie in plaats van ze te heropenen.',
  BANK_LINE_ALREADY_HANDLED: 'Deze lijn van het rekeningafschrift is al verwerkt.',
  BANK_LINE_NOT_CREDIT: 'Dit is een uitgaande betaling: die kan geen transactie betalen.',
  PAYMENT_PROVIDER_NOT_CONFIGURED: 'Online betalen kan hier niet. Betaal met een overschrijving.',
  PAYMENT_PROVIDER_REFUSED: 'De betaalprovider weigerde dit. Controleer de gegevens.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'De betaalprovider is nu niet bereikbaar. Probeer het later opnieuw.',
  POLICY_ENDED: 'De deadline van deze ronde is voorbij: antwoorden of wijzigen kan niet meer.',
  POLICY_NOT_ENDED:
    'De deadline van deze ronde is nog niet voorbij: leden kunnen hun antwoord nog wijzigen. Verwerk de antwoorden na de deadline.',
  POLICY_CONVERTED: 'Deze ronde is al verwerkt tot abonnementen en betalingen; ze kan niet meer veranderen.',
  POLICY_YEAR_TAKEN: 'Er is al een ronde voor dit oogstjaar.',
  POLICY_OFFER_CHOSEN: 'Leden kozen dit abonnement al; je kan het niet meer weghalen.',
  APP_ID_TAKEN: 'Er bestaat al een boerderij met deze app-id. Kies een andere.',
  HOST_TAKEN: 'Een andere boerderij gebruikt deze hostnaam al. Kies een andere.',
  DEFAULT_APP:
    'De hoofdboerderij beantwoordt elk onbekend adres van deze server en kan niet verwijderd worden.',
  EMAIL_CHANGE_TOKEN_INVALID:
    'Deze bevestigingslink is ongeldig, al gebruikt of verlopen. Wijzig je e-mailadres opnieuw om een nieuwe link te krijgen.',
  MY_DATA_NOT_READY: 'Je gegevens worden nog klaargemaakt. Probeer het zo dadelijk opnieuw.',
  MY_DATA_EXPIRED: 'Deze download is verlopen: hij blijft 24 uur beschikbaar. Vraag je gegevens opnieuw aan.',
  ACCOUNT_HAS_OPEN_PAYMENT:
    'Je hebt nog een openstaande betaling. Betaal die eerst (of vraag de beheerders ze te annuleren) en verwijder je account daarna.',
  ACCOUNT_HAS_PENDING_CHORE:
    'Je bent nog ingeschreven voor een klusje dat wacht op bevestiging. Schrijf je eerst uit (of laat het afhandelen) en verwijder je account daarna.',
};
