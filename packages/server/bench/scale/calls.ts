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
 * shows the mismatch), the paged lists of issue 17 answer one page.
 *
 * `{workshop}` and `{post}` stand for the demo farm's workshop event and its newest post (with a
 * comment); the harness looks their ids up.
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
  // The manager's lists.
  { name: 'manager chores', role: 'manager', path: 'applicationManager/Task?page=0&pageSize=5', fill: 5 },
  { name: 'manager events', role: 'manager', path: 'applicationManager/Event?page=0&pageSize=3', fill: 3 },
  { name: 'manager posts', role: 'manager', path: 'applicationManager/Post?page=0&pageSize=2', fill: 2 },
  { name: 'manager active posts', role: 'manager', path: 'applicationManager/Post/active?page=0&pageSize=2', fill: 2 },
  { name: 'manager attendances', role: 'manager', path: 'applicationManager/Event/{workshop}/attendances?page=0&pageSize=2', fill: 2 },
  { name: 'manager feedback', role: 'manager', path: 'applicationManager/feedback?page=0&pageSize=1', fill: 1 },
  { name: 'manager media', role: 'manager', path: 'Media', fill: 'all' },
  { name: 'users page 1', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 8 }, fill: 8 },
  { name: 'users filtered by name', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 50, filter: 'Lien' }, fill: 1 },
  { name: 'waiting list', role: 'manager', method: 'POST', path: 'applicationManager/user/paged', body: { page: 1, rowsPerPage: 2, isApproved: false }, fill: 2 },
]; // prettier-ignore
