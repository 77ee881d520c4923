import Button from 'react-bootstrap/Button';

/** 'Load more' under a list read a page at a time (an infinite query); nothing on its last page. */
export function LoadMoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline-dark"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
    </Button>
  );
}
