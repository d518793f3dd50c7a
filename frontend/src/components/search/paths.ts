/** Where a search result leads. */
export const postPath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;
export const fencerPath = (username: string) => `/u/${encodeURIComponent(username)}`;
export const resultsPath = (query: string) => `/search?${new URLSearchParams({ q: query }).toString()}`;
