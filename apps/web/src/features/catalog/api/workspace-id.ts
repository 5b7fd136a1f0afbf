import { useSearchParams } from 'react-router';

/** The workspace of the page query (the shell keeps it there); part of every key. */
export function useWorkspaceId(): string | null {
  const [params] = useSearchParams();
  return params.get('workspace_id');
}
