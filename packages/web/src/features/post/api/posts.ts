import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  postRoutes,
  type ManagedPost,
  type ManagedPostPage,
  type PostDetail,
  type PostEmailRound,
  type PostList,
  type PostListQuery,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

export function getPosts(query: Partial<PostListQuery> = {}): Promise<PostList> {
  return apiRequest(postRoutes.list, { query });
}

export const postsQueryOptions = (query: Partial<PostListQuery> = {}) =>
  queryOptions({ queryKey: ['posts', 'list', query], queryFn: () => getPosts(query) });

/** Active posts, newest first (home asks `{ pageSize: 1, page: 0 }`). */
export function usePosts(query: Partial<PostListQuery> = {}) {
  return useQuery(postsQueryOptions(query));
}

export function getPost(id: number): Promise<PostDetail> {
  return apiRequest(postRoutes.detail, { params: { id } });
}

export function usePost(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['posts', 'detail', id],
    queryFn: () => getPost(id),
    enabled: options.enabled ?? true,
  });
}

export function getManagedPosts(page: FeedPageParam = { page: 0 }): Promise<ManagedPostPage> {
  return apiRequest(postRoutes.managerList, { query: { ...page } });
}

/** Every post of the farm, active or not, newest first, a page at a time (PostManager). */
export function useManagedPosts() {
  return useInfiniteQuery({
    queryKey: ['posts', 'manager', 'list'],
    queryFn: ({ pageParam }) => getManagedPosts(pageParam),
    ...feedPaging,
  });
}

export function getManagedPost(id: number): Promise<ManagedPost> {
  return apiRequest(postRoutes.managerDetail, { params: { id } });
}

export function useManagedPost(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['posts', 'manager', 'detail', id],
    queryFn: () => getManagedPost(id),
    enabled: options.enabled ?? true,
  });
}

/** The post form's values as the multipart body of create (and update, with `id`). */
export interface PostFormPayload {
  id?: number;
  title: string;
  body: string;
  isActive: boolean;
  /** Existing media to keep (update only). */
  keepMediaIds?: number[];
  files: File[];
}

export function postFormData(payload: PostFormPayload): FormData {
  const data = new FormData();
  if (payload.id !== undefined) data.append('id', String(payload.id));
  data.append('title', payload.title);
  data.append('body', payload.body);
  data.append('isActive', String(payload.isActive));
  if (payload.keepMediaIds) {
    // One empty value says "keep none" (no value at all would keep everything).
    if (payload.keepMediaIds.length === 0) data.append('keepMediaIds', '');
    for (const id of payload.keepMediaIds) data.append('keepMediaIds', String(id));
  }
  for (const file of payload.files) data.append('files', file, file.name);
  return data;
}

export function savePost(payload: PostFormPayload): Promise<ManagedPost> {
  const body = postFormData(payload);
  return payload.id === undefined
    ? apiRequest(postRoutes.create, { body })
    : apiRequest(postRoutes.update, { body });
}

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}

export function sendPostWithEmail(id: number): Promise<PostEmailRound> {
  return apiRequest(postRoutes.sendWithEmail, { params: { id } });
}

const emailRoundKey = (id: number) => ['posts', 'manager', 'emailRound', id] as const;

export function useSendPostWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPostWithEmail,
    onSuccess: (round, id) => {
      // The answer is the new round: show it at once; the round query then follows its progress.
      queryClient.setQueryData(emailRoundKey(id), { round });
      return queryClient.invalidateQueries({ queryKey: ['posts', 'manager', 'detail', id] });
    },
  });
}

export function getPostEmailRound(id: number): Promise<{ round: PostEmailRound | null }> {
  return apiRequest(postRoutes.emailRound, { params: { id } });
}

/** The post's latest e-mail round; asked again every 2 s while e-mails are still waiting to go out. */
export function usePostEmailRound(id: number) {
  return useQuery({
    queryKey: emailRoundKey(id),
    queryFn: () => getPostEmailRound(id),
    refetchInterval: (query) => ((query.state.data?.round?.waiting ?? 0) > 0 ? 2000 : false),
  });
}

export async function deletePost(id: number): Promise<void> {
  await apiRequest(postRoutes.delete, { params: { id } });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
