/**
 * What the first screen of a signed-in member asks the API for, by path, written exactly as the API
 * client writes the URLs (route path, then the query in the order the screen gives it). `early-boot.js`
 * asks for them beside the app's entry (decision 069), so the screen finds its answers on arrival;
 * `test/screen-requests.test.tsx` fails when a screen asks for anything else. Plain data: the build
 * reads it (build/route-preloads.ts).
 */
export const screenRequests: Record<string, string[]> = {
  '/': [
    '/api/Bank',
    '/api/weatherforecast',
    '/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false',
    '/api/product?isCompleted=false&pageSize=6&page=0&hasEnded=false',
    '/api/request?isCompleted=false&pageSize=6&page=0&hasEnded=false',
    '/api/event?pageSize=1&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc',
    '/api/post?pageSize=1&page=0',
    '/api/notification/unreadCount',
  ],
  '/tasks': ['/api/Task/true?page=0', '/api/notification/unreadCount'],
};
