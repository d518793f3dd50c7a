// The placeholder lives in components/EmptyState.tsx; the feed and a fencer's posts still import it from here.
export { EmptyState } from '../EmptyState';
