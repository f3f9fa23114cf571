import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { filePath, IMAGE_ACCEPT, IMAGE_FORMAT_WORDS, IMAGE_MAX_BYTES, IMAGE_STORED_SIDE, type UploadedImage } from '@contracts/uploads';
import { uploadImage } from '../api/upload-image';

export interface ImageUploadProps {
  label: string;
  /** Said under the label; by default what may be uploaded and what happens to it. */
  description?: string;
  /** The current image's file id (served at /files/<id>), or null for none. */
  value: string | null;
  /**
   * A new image was uploaded (its id and what the server kept) or the image was removed (null). The caller keeps
   * the id in its form and saves it with the form; removing here deletes no file.
   */
  onChange: (fileId: string | null, image?: UploadedImage) => void;
  /** Describes the picture for screen readers (e.g. "Acme Plumbing's logo"). */
  alt: string;
  /** The form's own error for this field (e.g. the server's answer to a save). */
  error?: string | undefined;
  /** Words for the empty state. */
  emptyText?: string;
}

const DEFAULT_DESCRIPTION = `${IMAGE_FORMAT_WORDS}, up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB. It is resized to fit ${IMAGE_STORED_SIDE} pixels, and photo data such as the location is removed.`;

/**
 * Choose, replace or remove one image: shows the current one, uploads a chosen file at once (POST /uploads/images,
 * with an uploading state), and says a refusal in the server's words. The page's form saves the file id.
 */
export function ImageUpload({ label, description = DEFAULT_DESCRIPTION, value, onChange, alt, error, emptyText = 'No image yet.' }: ImageUploadProps) {
  const labelId = useId();
  const errorId = useId();
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setRefusal(null);
    setUploading(true);
    try {
      const uploaded = await uploadImage(file);
      onChange(uploaded.id, uploaded);
    } catch (failure) {
      setRefusal((failure as Error).message);
    } finally {
      setUploading(false);
    }
  };
  const shownError = refusal ?? error ?? null;

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={shownError ? errorId : undefined} aria-busy={uploading}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
      <Group gap="md" align="center" wrap="wrap">
        <Box
          w={120}
          h={80}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center', overflow: 'hidden' }}
        >
          {value && broken !== value ? (
            <Image src={filePath(value)} alt={alt} fit="contain" w="100%" h="100%" onError={() => setBroken(value)} />
          ) : (
            <Text size="xs" c="dimmed" ta="center" px={4}>
              {value ? 'This image could not be shown.' : emptyText}
            </Text>
          )}
        </Box>
        <Group gap="xs">
          <FileButton onChange={(file) => void choose(file)} accept={IMAGE_ACCEPT} disabled={uploading}>
            {(props) => (
              <Button {...props} variant="light" loading={uploading}>
                {value ? 'Replace' : 'Choose an image'}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              disabled={uploading}
              onClick={() => {
                setRefusal(null);
                onChange(null);
              }}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      </Group>
      {uploading ? (
        <Text size="xs" c="dimmed" role="status">
          Uploading the image…
        </Text>
      ) : null}
      {shownError ? (
        <Text size="sm" c="red" role="alert" id={errorId}>
          {shownError}
        </Text>
      ) : null}
    </Stack>
  );
}
