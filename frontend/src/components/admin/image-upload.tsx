import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALLOWED_IMAGE_TYPES, type FileInfo } from '@evc/contracts/files';
import { LIMITS } from '@evc/contracts/shared';
import { Spinner } from '../ui/spinner';
import { theme } from '../../styles/theme';
import { api } from '../../lib/api';
import { usePrivateImage } from '../../hooks/use-private-image';
import { useProblemText } from './problems';
import { FileInput } from '../ui/file-input';

/** Client-side check before uploading (the server checks again, by content): JPG or PNG, at most 5 MB. */
export function checkImage(file: File): 'upload.type' | 'upload.tooLarge' | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'upload.type';
  if (file.size > LIMITS.imageMaxBytes) return 'upload.tooLarge';
  return null;
}

/** A stored image fetched with the bearer token (licences are private) and shown through an object URL. */
export function AuthorizedImage({ fileId, alt, size = 96 }: { fileId: string; alt: string; size?: number }) {
  const { url, isPending } = usePrivateImage(fileId);
  if (!url) return isPending ? <Spinner /> : null;
  return <img src={url} alt={alt} style={{ inlineSize: size, blockSize: size, objectFit: 'cover', borderRadius: theme.radius.sm }} />;
}

/**
 * Choose an image, check it, upload it (`POST /api/files`, purpose), and preview it. `fileId` is the stored file;
 * `error` is the form's message (e.g. "Please select an image").
 */
export function ImageUpload({ label, purpose, fileId, onUploaded, error }: { label: string; purpose: FileInfo['purpose']; fileId: string | null; onUploaded: (fileId: string) => void; error?: string }) {
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
    <div style={{ display: 'grid', gap: '0.35rem' }}>
      <label htmlFor={id} style={{ fontWeight: 700 }}>
        {label}
      </label>
      <FileInput
        id={id}
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        invalid={Boolean(message)}
        describedBy={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onFile={(file) => void onFile(file)}
      />
      <small id={`${id}-hint`} style={{ color: theme.color.muted }}>
        <FormattedMessage id="upload.hint" />
      </small>
      {busy && <Spinner />}
      {preview ? (
        <img src={preview} alt={intl.formatMessage({ id: 'upload.preview' })} style={{ inlineSize: 96, blockSize: 96, objectFit: 'cover' }} />
      ) : (
        fileId && <AuthorizedImage fileId={fileId} alt={intl.formatMessage({ id: 'upload.preview' })} />
      )}
      {message && (
        <p id={`${id}-error`} role="alert" style={{ color: theme.color.danger, margin: 0 }}>
          {message}
        </p>
      )}
    </div>
  );
}
