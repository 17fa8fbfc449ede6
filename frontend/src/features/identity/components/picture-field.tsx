import { useId, useState } from 'react';
import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { imageProblem } from '../../../lib/image-check';
import { theme } from '../../../styles/theme';
import { usePrivateImage } from '../../../hooks/use-private-image';
import {
  UploadField as Wrapper,
  UploadHint as Hint,
  UploadLabel as Label,
  UploadProblem as Problem,
} from '../../../components/ui/upload-parts';

const Chooser = styled.div`
  display: flex;
  gap: 1rem;
  align-items: center;
  flex-wrap: wrap;
`;

const Avatar = styled.span`
  inline-size: 72px;
  block-size: 72px;
  border-radius: 50%;
  overflow: hidden;
  background: ${theme.color.primaryLight};
  display: grid;
  place-items: center;
`;

const Picture = styled.img`
  inline-size: 100%;
  block-size: 100%;
  object-fit: cover;
`;

/** The profile picture: private (fetched with the token), replaced by choosing a JPG or PNG of at most 5 MB. */
export function PictureField({
  fileId,
  onChange,
  error,
}: {
  fileId: string | null;
  onChange: (fileId: string | null) => void;
  error?: string;
}) {
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
    <Wrapper>
      <Label htmlFor={id}>{name}</Label>
      <Chooser>
        <Avatar aria-hidden={url ? undefined : true}>
          {url ? <Picture src={url} alt={name} data-testid="profile-picture" /> : busy || (fileId && image.isPending) ? <Spinner /> : null}
        </Avatar>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </Chooser>
      <Hint id={`${id}-hint`}>
        <FormattedMessage id="profile.picture.hint" />
      </Hint>
      {message && <Problem role="alert">{message}</Problem>}
    </Wrapper>
  );
}
