import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { imageProblem } from '../../../lib/image-check';
import { theme } from '../../../styles/theme';
import { usePrivateImage } from '../../../hooks/use-private-image';

/** The profile picture: private (fetched with the token), replaced by choosing a JPG or PNG of at most 5 MB. */
export function PictureField({ fileId, onChange, error }: { fileId: string | null; onChange: (fileId: string | null) => void; error?: string }) {
  const intl = useIntl();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const image = usePrivateImage(fileId);
  const { url } = image;

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = imageProblem(file);
    if (refused) return setProblem(intl.formatMessage({ id: refused === 'type' ? 'profile.picture.type' : 'profile.picture.tooLarge' }));
    setBusy(true);
    try {
      onChange((await api.upload(file, 'profile')).fileId);
    } catch (e) {
      setProblem(translateErrorCode(intl, e instanceof ApiRequestError ? e.code : 'server.error'));
    } finally {
      setBusy(false);
    }
  };
  const message = problem ?? error;
  const name = intl.formatMessage({ id: 'profile.picture' });
  return (
    <div style={{ display: 'grid', gap: '0.35rem' }}>
      <label htmlFor={id} style={{ fontWeight: 700 }}>
        {name}
      </label>
      <div style={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <span
          aria-hidden={url ? undefined : true}
          style={{ inlineSize: 72, blockSize: 72, borderRadius: '50%', overflow: 'hidden', background: theme.color.primaryLight, display: 'grid', placeItems: 'center' }}
        >
          {url ? <img src={url} alt={name} data-testid="profile-picture" style={{ inlineSize: '100%', blockSize: '100%', objectFit: 'cover' }} /> : busy || (fileId && image.isPending) ? <Spinner /> : null}
        </span>
        <input id={id} type="file" accept="image/jpeg,image/png" aria-invalid={message ? true : undefined} aria-describedby={`${id}-hint`} onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      <small id={`${id}-hint`} style={{ color: theme.color.muted }}>
        <FormattedMessage id="profile.picture.hint" />
      </small>
      {message && (
        <p role="alert" style={{ margin: 0, color: theme.color.danger }}>
          {message}
        </p>
      )}
    </div>
  );
}
