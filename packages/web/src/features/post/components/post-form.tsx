import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconFileText, IconPhoto, IconTrash } from '@tabler/icons-react';
import { mediaLimits, postFieldsSchema, type ManagedPost } from '@pluk/contract';
import { useEffect, useId, useMemo, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { RichTextField } from '../../../components/rich-text-field';
import { NewFileCard, SavingProgress } from '../../../components/upload-parts';
import { fieldErrors, useErrorText, useFocusError } from '../../../lib/form';
import { useSavePost } from '../api/posts';
import { FileDropzone } from '../../../components/file-dropzone';

const megabyte = 1024 * 1024;
const imageTypes: readonly string[] = mediaLimits.imageTypes;
/**
 * The file picker's filter as MIME type → extensions: the browser warns about (and skips) bare
 * extensions such as `.docx` in a MIME list, and Office files often come without a MIME type.
 */
const extensions: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};
const dropzoneAccept: Record<string, string[]> = Object.fromEntries(
  [...mediaLimits.imageTypes, ...mediaLimits.documentTypes].map((type) => [type, extensions[type] ?? []]),
);

/** A new file with a preview URL for images (revoked when it is removed or the form closes). */
interface NewFile {
  key: string;
  file: File;
  previewUrl: string | null;
}

export interface PostFormProps {
  /** The post to edit; a new post when absent. */
  post?: ManagedPost;
  onSaved: (post: ManagedPost) => void;
  /** Shows an uploaded image (the media feature's component, composed by the screen). */
  ExistingImage: ComponentType<{ id: number; alt: string; height?: number }>;
}

/** Title, rich text, active switch, images and attachments; saved as one multipart request. */
export function PostForm({ post, onSaved, ExistingImage }: PostFormProps) {
  const { t } = useTranslation(['posts', 'common']);
  const errorText = useErrorText();
  const save = useSavePost();
  const { ref, focusError } = useFocusError();
  const dropzoneHelpId = useId();
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [isActive, setIsActive] = useState(post?.isActive ?? true);
  const [keep, setKeep] = useState<number[]>(() =>
    post ? [...post.images, ...post.attachments].map((m) => m.id) : [],
  );
  const [files, setFiles] = useState<NewFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rejected, setRejected] = useState<string[]>([]);

  // Previews are object URLs: released when the form goes away.
  const previews = useMemo(() => files.map((f) => f.previewUrl), [files]);
  useEffect(
    () => () => {
      for (const url of previews) if (url) URL.revokeObjectURL(url);
    },
    // Only on unmount: removing a file revokes its own URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const existing = post ? [...post.images, ...post.attachments].filter((m) => keep.includes(m.id)) : [];
  const total = existing.length + files.length;

  const addFiles = (accepted: File[]) => {
    setRejected([]);
    setFiles((current) => [
      ...current,
      ...accepted.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
        file,
        previewUrl: imageTypes.includes(file.type) ? URL.createObjectURL(file) : null,
      })),
    ]);
  };
  const reject = (rejections: FileRejection[]) =>
    setRejected(
      rejections.map(({ file, errors: fileErrors }) =>
        fileErrors.some((e) => e.code === 'file-too-large')
          ? t('form.fileTooLarge', { name: file.name })
          : t('form.fileTypeNotAllowed', { name: file.name }),
      ),
    );
  const removeFile = (key: string) =>
    setFiles((current) => {
      const gone = current.find((f) => f.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((f) => f.key !== key);
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const next: Record<string, string> = {};
    const result = postFieldsSchema.safeParse({ title, body, isActive });
    if (!result.success) {
      for (const issue of result.error.issues) next[issue.path.join('.')] ??= issue.message;
    }
    const tooLargeImage = files.find(
      (f) => imageTypes.includes(f.file.type) && f.file.size > mediaLimits.imageMaxBytes,
    );
    if (tooLargeImage) next.files = t('form.fileTooLarge', { name: tooLargeImage.file.name });
    if (files.length > mediaLimits.maxFiles)
      next.files = t('form.tooManyFiles', { count: mediaLimits.maxFiles });
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusError();
      return;
    }
    save.mutate(
      {
        id: post?.id,
        title,
        body,
        isActive,
        keepMediaIds: post ? keep : undefined,
        files: files.map((f) => f.file),
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(fieldErrors(error));
          focusError();
        },
      },
    );
  };

  const serverFormError = save.isError && Object.keys(fieldErrors(save.error)).length === 0;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverFormError && <FormError>{errorText(save.error)}</FormError>}
        {save.isError && !serverFormError && errors.files && <FormError>{errors.files}</FormError>}
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput
              label={t('form.title')}
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                if (errors.title) setErrors(({ title: _gone, ...rest }) => rest);
              }}
              error={errors.title}
              required
              size="md"
              maxLength={250}
            />
            <RichTextField
              label={t('form.body')}
              initialValue={post?.body ?? ''}
              onChange={setBody}
              error={errors.body}
            />
            <Switch
              label={t('form.isActive')}
              description={t('form.isActiveHelp')}
              checked={isActive}
              onChange={(event) => setIsActive(event.currentTarget.checked)}
              size="md"
            />

            <Stack gap="xs">
              <Text fw={500}>{t('form.files')}</Text>
              {existing.length > 0 && (
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  {existing.map((media) => {
                    const isImage = post?.images.some((i) => i.id === media.id) ?? false;
                    return (
                      <Card key={media.id} withBorder padding="xs" radius="md">
                        {isImage ? (
                          <ExistingImage id={media.id} alt={media.fileName} height={96} />
                        ) : (
                          <FileTile name={media.fileName} />
                        )}
                        <Group justify="space-between" wrap="nowrap" mt={4} gap={4}>
                          <Text size="xs" truncate title={media.fileName}>
                            {media.fileName}
                          </Text>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="xl"
                            aria-label={t('form.remove', { name: media.fileName })}
                            onClick={() => setKeep((ids) => ids.filter((id) => id !== media.id))}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Card>
                    );
                  })}
                </SimpleGrid>
              )}
              <FileDropzone
                label={t('form.dropzone')}
                helpId={dropzoneHelpId}
                idleIcon={IconPhoto}
                rejectIcon={IconFileText}
                iconSize={36}
                minHeight={96}
                onDrop={addFiles}
                onReject={reject}
                maxSize={mediaLimits.documentMaxBytes}
                accept={dropzoneAccept}
                multiple
              />
              {/* Below the dropzone, not in it: its name is exactly its visible text (WCAG 2.5.3). */}
              <Text size="sm" c="dimmed" id={dropzoneHelpId}>
                {t('form.dropzoneHelp', {
                  image: mediaLimits.imageMaxBytes / megabyte,
                  document: mediaLimits.documentMaxBytes / megabyte,
                })}
              </Text>
              {rejected.map((message) => (
                <Text key={message} c="red" size="sm" role="alert">
                  {message}
                </Text>
              ))}
              {errors.files && !save.isError && (
                <Text c="red" size="sm" role="alert">
                  {errors.files}
                </Text>
              )}
              {files.length > 0 && (
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  {files.map((f) => (
                    <NewFileCard
                      key={f.key}
                      file={f.file}
                      previewUrl={f.previewUrl}
                      fallback={<FileTile name={f.file.name} />}
                      newLabel={t('form.new')}
                      removeLabel={t('form.remove', { name: f.file.name })}
                      onRemove={() => removeFile(f.key)}
                    />
                  ))}
                </SimpleGrid>
              )}
              <Text size="xs" c="dimmed">
                {t('form.fileCount', { count: total })}
              </Text>
            </Stack>
          </Stack>
        </fieldset>
        <SavingProgress
          pending={save.isPending}
          label={files.length > 0 ? t('form.uploading') : t('form.saving')}
        />
        <Button type="submit" size="md" fullWidth loading={save.isPending}>
          {post ? t('common:actions.save') : t('form.publish')}
        </Button>
      </Stack>
    </form>
  );
}

function FileTile({ name }: { name: string }) {
  return (
    <Group h={96} justify="center" bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4 }}>
      <IconFileText size={36} aria-hidden />
      <Text size="xs" c="dimmed" visibleFrom="sm" truncate maw={80}>
        {name.split('.').pop()?.toUpperCase()}
      </Text>
    </Group>
  );
}
