// Start-up requests sent while the app's own script is still on its way (decision 068): the app info,
// its colours and, with a session, the account. On a phone that takes a round trip off the first
// screen. The app takes each answer once (lib/early-requests.ts) and asks again itself when one is
// missing, failed, or was asked with a token it no longer holds; what it does not take is cancelled
// once start-up is done. It also asks for the code of the screen being opened and, for a member, the
// answers that screen asks for (decision 069), which the app would otherwise ask for only once its entry
// has run; those are kept until the screen has had time to take them. A plain deferred script, run just before
// the app's module; it must stay small and must never throw. The build writes the screens' files in
// (build/route-preloads.ts); this is the template.
(function () {
  var early = {};
  var preloads = /*ROUTE_PRELOADS*/ {};
  function preload(signedIn, token, impersonate) {
    var path = location.pathname.replace(/\/+$/, '') || '/';
    var route = preloads[path];
    if (!route || route.session !== signedIn) return;
    (route.requests || []).forEach(function (url) {
      start(url, token, impersonate, true);
    });
    route.files.forEach(function (file) {
      var link = document.createElement('link');
      if (/\.css$/.test(file)) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  }
  function start(path, token, impersonate, forScreen) {
    var headers = { Accept: 'application/json', 'Accept-Language': 'en', 'Content-Type': 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    if (impersonate !== null) headers['X-Impersonate-User'] = String(impersonate);
    var response = fetch(path, { headers: headers });
    response.catch(function () {}); // the app sees a failure when it takes the answer
    var entry = { token: token, impersonate: impersonate, response: response, forScreen: forScreen };
    early[path] = entry;
    // A screen's answer is also read here as soon as it is in, so the screen can render with it at once
    // (lib/early-requests.ts takeEarlyData) instead of one more round of promises and re-renders after its
    // first pass. The clone leaves the response itself unread, for the app's own client to take instead.
    if (forScreen)
      response
        .then(function (answer) {
          if (answer.status !== 200) return;
          return answer
            .clone()
            .json()
            .then(function (data) {
              entry.data = data;
            });
        })
        .catch(function () {});
  }
  try {
    start('/api/info', null, null);
    start('/api/info/colors', null, null);
    // The session as lib/store.ts keeps it.
    var stored = JSON.parse(localStorage.getItem('pluk_app_store') || 'null');
    var state = stored && stored.state;
    var signedIn = Boolean(state && state.auth && state.auth.loggedIn && state.auth.token);
    var impersonating = signedIn && state.admin && state.admin.impersonating;
    var impersonate = impersonating ? impersonating.userId : null;
    if (signedIn) start('/api/User', state.auth.token, impersonate);
    preload(signedIn, signedIn ? state.auth.token : null, impersonate);
  } catch {
    // No storage, no fetch: the app asks for everything itself.
  }
  window.__plukEarly = early;
  // The page's first date or number format loads the browser's locale data (about 15 ms on a fast
  // machine, four times that on a phone). Done here, while the app's script is still downloading, it
  // is not one more long task between the app's start and its first screen (decision 073). The same
  // locale as lib/dates.ts and money-format.ts. In a task of its own (web round 10): the requests above
  // are under way sooner, and neither task is long on its own.
  setTimeout(function () {
    try {
      new Intl.DateTimeFormat('nl-BE', { day: 'numeric', month: 'short' }).format(0);
      new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 }).format(0);
    } catch {
      // No Intl: the app's own first format pays for it.
    }
  }, 0);
})();
