import { useEffect, useId, useState } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALLOWED_IMAGE_TYPES, type FileInfo } from '@evc/contracts/files';
import { LIMITS } from '@evc/contracts/shared';
import { Spinner } from '../ui/spinner';
import { theme } from '../../styles/theme';
import { api } from '../../lib/api';
import { usePrivateImage } from '../../hooks/use-private-image';
import { useProblemText } from './problems';
import { FileInput } from '../ui/file-input';
import { UploadField as Wrapper, UploadHint as Hint, UploadLabel as Label, UploadProblem as Problem } from '../ui/upload-parts';

/** Client-side check before uploading (the server checks again, by content): JPG or PNG, at most 5 MB. */
export function checkImage(file: File): 'upload.type' | 'upload.tooLarge' | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'upload.type';
  if (file.size > LIMITS.imageMaxBytes) return 'upload.tooLarge';
  return null;
}

/** A square image of `edge` pixels, cropped to fill it. */
const Thumbnail = styled.img<{ edge: number }>`
  inline-size: ${(p) => p.edge}px;
  block-size: ${(p) => p.edge}px;
  object-fit: cover;
`;

const StoredImage = styled(Thumbnail)`
  border-radius: ${theme.radius.sm};
`;

/** A stored image fetched with the bearer token (licences are private) and shown through an object URL. */
export function AuthorizedImage({ fileId, alt, size = 96 }: { fileId: string; alt: string; size?: number }) {
  const { url, isPending } = usePrivateImage(fileId);
  if (!url) return isPending ? <Spinner /> : null;
  return <StoredImage src={url} alt={alt} edge={size} />;
}

/**
 * Choose an image, check it, upload it (`POST /api/files`, purpose), and preview it. `fileId` is the stored file;
 * `error` is the form's message (e.g. "Please select an image").
 */
export function ImageUpload({
  label,
  purpose,
  fileId,
  onUploaded,
  error,
}: {
  label: string;
  purpose: FileInfo['purpose'];
  fileId: string | null;
  onUploaded: (fileId: string) => void;
  error?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const problemText = useProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = checkImage(file);
    if (refused) {
      setProblem(intl.formatMessage({ id: refused }));
      return;
    }
    setBusy(true);
    try {
      const info = await api.upload(file, purpose);
      if (typeof URL.createObjectURL === 'function') setPreview(URL.createObjectURL(file));
      onUploaded(info.fileId);
    } catch (e) {
      setProblem(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  const message = problem ?? error;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <FileInput
        id={id}
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        invalid={Boolean(message)}
        describedBy={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onFile={(file) => void onFile(file)}
      />
      <Hint id={`${id}-hint`}>
        <FormattedMessage id="upload.hint" />
      </Hint>
      {busy && <Spinner />}
      {preview ? (
        <Thumbnail src={preview} alt={intl.formatMessage({ id: 'upload.preview' })} edge={96} />
      ) : (
        fileId && <AuthorizedImage fileId={fileId} alt={intl.formatMessage({ id: 'upload.preview' })} />
      )}
      {message && (
        <Problem id={`${id}-error`} role="alert">
          {message}
        </Problem>
      )}
    </Wrapper>
  );
}
