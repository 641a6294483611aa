/**
 * Every member and manager list `npm run bench:scale` measures, in one table: the name, who calls it
 * (`member`: the demo farm's `lid`; `manager`: its `beheerder`, an ApplicationManager), the method, the
 * path under /api with its query, a JSON body for POSTs, and the page fill expected in both the demo-size
 * and the large database (the items of one answer). Page sizes are chosen so the demo farm fills the page:
 * a full page at both sizes compares the same amount of answer. A list that returns every row has no
 * fill to keep (`fill: 'all'`): its answer grows with the farm.
 *
 * The manager's chore, event and post lists already ask for a page (`page`, 0-based, and `pageSize`, as
 * the member feeds): main ignores the query and answers every row (the "before"; the fill column then
 * shows the mismatch), the paged lists of decision 056 answer one page.
 *
 * `{workshop}`, `{post}` and `{offer}` stand for the demo farm's workshop event, its newest post (with a
 * comment) and its jam offer (with a reservation), `"{subscription}"` in a body for its vegetable
 * subscription (three members); the harness looks their ids up. The wallet screen's
 * fill is its first page of movements (20 at most: a grown member has about 10, and run.ts gives the
 * demo-size `lid` the same monthly donations, ADR 070).
 */
export interface ScaleCall {
  name: string;
  role: 'member' | 'manager';
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  fill: number | 'all';
}

export const scaleCalls: ScaleCall[] = [
  // The member's home and lists.
  { name: 'open chores (home)', role: 'member', path: 'task?isCompleted=false&pageSize=4&page=0&hasEnded=false', fill: 4 },
  { name: 'events (home)', role: 'member', path: 'event?pageSize=2&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc', fill: 2 },
  { name: 'post list (page)', role: 'member', path: 'post?pageSize=2&page=0', fill: 2 },
  { name: 'open chores (Task/true)', role: 'member', path: 'Task/true?page=0&pageSize=4', fill: 4 },
  { name: 'my chores (user/tasks)', role: 'member', path: 'user/tasks', fill: 'all' },
  { name: 'my credits', role: 'member', path: 'user/credits', fill: 'all' },
  { name: 'notifications (page)', role: 'member', path: 'notification?page=0&pageSize=3', fill: 3 },
  { name: 'comments of a post', role: 'member', path: 'comment/post/{post}?page=0&pageSize=1', fill: 1 },
  { name: 'event attendees', role: 'member', path: 'event/{workshop}/attendees?page=0&pageSize=2', fill: 2 },
  { name: 'my feedback', role: 'member', path: 'feedback?page=0&pageSize=1', fill: 1 },
  { name: 'members (User/Members)', role: 'member', path: 'User/Members', fill: 'all' },
  { name: 'online members', role: 'member', path: 'user/onlineMembers', fill: 'all' },
  // The market, requests and wallet (decision 070). The home asks pageSize=6 for both; the demo farm
  // has 5 open offers and 3 open requests, so the pages here are 5 and 3.
  { name: 'offers (home)', role: 'member', path: 'product?isCompleted=false&pageSize=5&page=0&hasEnded=false', fill: 5 },
  { name: 'requests (home)', role: 'member', path: 'request?isCompleted=false&pageSize=3&page=0&hasEnded=false', fill: 3 },
  { name: 'my offers (user/products)', role: 'member', path: 'user/products', fill: 'all' },
  { name: 'my orders (user/productreservations)', role: 'member', path: 'user/productreservations', fill: 'all' },
  { name: 'my requests (user/requests)', role: 'member', path: 'user/requests', fill: 'all' },
  { name: 'wallet screen (User/Wallet)', role: 'member', path: 'User/Wallet', fill: 'all' },
  { name: 'wallet movements (page)', role: 'member', path: 'User/Wallet/entries?page=0&pageSize=1', fill: 1 },
  // The manager's lists.
  { name: 'manager chores', role: 'manager', path: 'applicationManager/Task?page=0&pageSize=5', fill: 5 },
  { name: 'manager events', role: 'manager', path: 'applicationManager/Event?page=0&pageSize=3', fill: 3 },
  { name: 'manager posts', role: 'manager', path: 'applicationManager/Post?page=0&pageSize=2', fill: 2 },
  { name: 'manager active posts', role: 'manager', path: 'applicationManager/Post/active?page=0&pageSize=2', fill: 2 },
  { name: 'manager attendances', role: 'manager', path: 'applicationManager/Event/{workshop}/attendances?page=0&pageSize=2', fill: 2 },
  { name: 'manager feedback', role: 'manager', path: 'applicationManager/feedback?page=0&pageSize=1', fill: 1 },
  { name: 'manager media', role: 'manager', path: 'Media', fill: 'all' },
  { name: 'manager offers', role: 'manager', path: 'applicationManager/product?page=0&pageSize=5', fill: 5 },
  { name: 'manager offer takers', role: 'manager', path: 'applicationManager/product/takers/{offer}', fill: 'all' },
  { name: 'manager requests', role: 'manager', path: 'applicationManager/request?page=0&pageSize=3', fill: 3 },
  { name: 'manager internal bank', role: 'manager', path: 'applicationManager/internalbank', fill: 'all' },
  { name: 'manager bank issuances', role: 'manager', path: 'applicationManager/internalbank/history?page=0&pageSize=5', fill: 5 },
  { name: 'manager member wallets', role: 'manager', path: 'applicationManager/internalbank/wallets?page=0&pageSize=5', fill: 5 },
  { name: 'users page 1', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 8 }, fill: 8 },
  { name: 'users filtered by name', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 50, filter: 'Lien' }, fill: 1 },
  // The users administration (decision 080): active only (the screen's default), by name, with its filters.
  { name: 'users by name', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 7, isActive: true, sort: 'name' }, fill: 7 },
  { name: 'users by name, filtered', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 50, isActive: true, sort: 'name', filter: 'Lien' }, fill: 1 },
  { name: 'users by name, role filter', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 50, isActive: true, sort: 'name', role: 'ApplicationManager' }, fill: 1 },
  { name: 'users by name, subscription filter', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 50, isActive: true, sort: 'name', subscriptionId: '{subscription}' }, fill: 3 },
  // A search that matches many members of every farm (ADR 099): `plukker` is in every grown member's
  // name and address, so the installation holds farms × members matches and the farm a few hundred;
  // the farm-scoped trigram index reads the farm's only. The demo-size demo farm has none (fill 0/8
  // unless BENCH_SCALE_SMALL=farm grows it too). `honing` is one in eight grown offers of every farm.
  { name: 'users search matching many of every farm', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 8, filter: 'plukker' }, fill: 8 },
  { name: 'offers search matching many of every farm', role: 'member', path: 'product?isCompleted=false&pageSize=5&page=0&hasEnded=false&search=honing', fill: 'all' },
  { name: 'waiting list', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 2, isApproved: false }, fill: 2 },
  // The staff's cockpit (decision 092): every to-do count, each one statement on an index of
  // migration 0018; and the outgoing e-mail's state. Answers of one object (fill 1).
  { name: 'to-do counts (Management)', role: 'manager', path: 'applicationManager/Management', fill: 1 },
  { name: 'outgoing mail (Management/sendEmails)', role: 'manager', path: 'applicationManager/Management/sendEmails', fill: 1 },
  { name: 'offers with open reservations (product/Paged)', role: 'manager', method: 'POST', path: 'applicationManager/product/Paged', body: { page: 0, pageSize: 5, reservations: 'open' }, fill: 1 },
  { name: 'chores to confirm', role: 'manager', path: 'applicationManager/Task?page=0&pageSize=5&waiting=true', fill: 'all' },
]; // prettier-ignore
