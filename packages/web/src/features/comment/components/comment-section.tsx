import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessageCircle, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { commentBodySchema, commentLimits, type Comment } from '@pluk/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/dates';
import { feedItems, feedTotal } from '../../../lib/feed-pages';
import { fieldErrors, useErrorText } from '../../../lib/form';
import { useCommentMutations, useComments } from '../api/comments';

export interface CommentSectionProps {
  subjectType: 'task' | 'event' | 'post' | 'offer';
  subjectId: number;
}

/** The Dutch message of the contract's rule for a comment's text, or null when it passes. */
function bodyError(text: string): string | null {
  const result = commentBodySchema.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

function CommentForm({
  initial = '',
  label,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit: (body: string, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['comments', 'common']);
  const errorText = useErrorText();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const serverFieldError = serverError ? (fieldErrors(serverError).body ?? errorText(serverError)) : null;
  const shown = error ?? serverFieldError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = bodyError(text);
    setError(problem);
    if (problem) return;
    onSubmit(text.trim(), () => setText(''));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={commentLimits.maxLength + 100}
          error={shown}
          disabled={pending}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending} leftSection={<IconSend size={16} aria-hidden />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem({
  comment,
  mutations,
}: {
  comment: Comment;
  mutations: ReturnType<typeof useCommentMutations>;
}) {
  const { t } = useTranslation(['comments', 'common']);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const author = comment.authorName ?? t('removedAuthor');
  const { update, remove } = mutations;

  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
          <Text fw={600} className="pluk-wrap">
            {author}
          </Text>
          <Text size="xs" c="dimmed">
            {formatMoment(comment.createdAt)}
            {comment.editedAt && ` · ${t('edited')}`}
          </Text>
        </Group>
        {editing ? (
          <CommentForm
            initial={comment.body}
            label={t('editLabel')}
            submitLabel={t('common:actions.save')}
            pending={update.isPending}
            serverError={update.isError ? update.error : null}
            onCancel={() => {
              update.reset();
              setEditing(false);
            }}
            onSubmit={(body) =>
              update.mutate({ id: comment.id, body }, { onSuccess: () => setEditing(false) })
            }
          />
        ) : (
          // Plain text, rendered as text: React escapes it, and white-space keeps the member's line breaks.
          <Text className="pluk-wrap" style={{ whiteSpace: 'pre-wrap' }}>
            {comment.body}
          </Text>
        )}
        {!editing && (comment.canEdit || comment.canDelete) && (
          <Group justify="flex-end" gap="xs">
            {comment.canEdit && (
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => {
                  update.reset();
                  setEditing(true);
                }}
                aria-label={t('editOf', { name: author })}
              >
                {t('edit')}
              </Button>
            )}
            {comment.canDelete && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  remove.reset();
                  setConfirming(true);
                }}
                aria-label={t('deleteOf', { name: author })}
              >
                {t('delete')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirmTitle')}
        text={t('confirmText')}
        confirmLabel={t('confirmDelete')}
        color="red"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() => remove.mutate(comment.id, { onSuccess: () => setConfirming(false) })}
      />
    </Paper>
  );
}

/** The server's order (oldest first, then by id), kept when a just-sent comment meets older pages. */
const oldestFirst = (a: Comment, b: Comment) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/**
 * The comments under a chore, event or post: list (a page at a time), add, edit my own, delete (mine,
 * or as moderator).
 */
export function CommentSection({ subjectType, subjectId }: CommentSectionProps) {
  const { t } = useTranslation('comments');
  const headingId = useId();
  const query = useComments(subjectType, subjectId);
  const mutations = useCommentMutations(subjectType, subjectId);
  const { create } = mutations;
  const comments = feedItems(query.data, (comment) => comment.id).sort(oldestFirst);
  const total = feedTotal(query.data);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('title')}
        {total > 0 && ` (${total})`}
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError && !query.isFetchNextPageError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : comments.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconMessageCircle size={20} aria-hidden />
          <Text c="dimmed">{t('empty')}</Text>
        </Group>
      ) : (
        <>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} mutations={mutations} />
            ))}
          </Stack>
          <LoadMore query={query} shown={comments.length} total={total} />
        </>
      )}
      <CommentForm
        label={t('addLabel')}
        submitLabel={t('send')}
        pending={create.isPending}
        serverError={create.isError ? create.error : null}
        onSubmit={(body, reset) => create.mutate(body, { onSuccess: reset })}
      />
    </Stack>
  );
}
