import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALLOWED_IMAGE_TYPES } from '@evc/contracts/files';
import { LIMITS } from '@evc/contracts/shared';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { api } from '../../../lib/api';
import { FileInput } from '../../../components/ui/file-input';
import {
  UploadField as Wrapper,
  UploadHint as Hint,
  UploadLabel as Label,
  UploadProblem as Problem,
} from '../../../components/ui/upload-parts';

/** Checked before uploading (the server checks again, by content): JPG or PNG, at most 5 MB. */
export function licenceProblem(file: File): 'car.upload.type' | 'car.upload.tooLarge' | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'car.upload.type';
  if (file.size > LIMITS.imageMaxBytes) return 'car.upload.tooLarge';
  return null;
}

/** One licence image: choose, check, upload (`POST /api/files`, purpose licence); shows "uploaded" once stored. */
export function LicenceUpload({
  labelId,
  fileId,
  onUploaded,
  error,
}: {
  labelId: string;
  fileId: string | null;
  onUploaded: (id: string | null) => void;
  error?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refused = licenceProblem(file);
    if (refused) {
      onUploaded(null);
      setProblem(intl.formatMessage({ id: refused }));
      return;
    }
    setBusy(true);
    try {
      const info = await api.upload(file, 'licence');
      onUploaded(info.fileId);
    } catch (e) {
      onUploaded(null);
      setProblem(translateErrorCode(intl, e instanceof ApiRequestError ? e.code : 'server.error'));
    } finally {
      setBusy(false);
    }
  };
  const message = problem ?? error;
  return (
    <Wrapper>
      <Label htmlFor={id}>
        <FormattedMessage id={labelId} />
      </Label>
      <FileInput
        id={id}
        accept="image/jpeg,image/png"
        invalid={Boolean(message)}
        describedBy={`${id}-hint`}
        onFile={(file) => void onFile(file)}
      />
      <Hint id={`${id}-hint`}>
        <FormattedMessage id="car.upload.hint" />
      </Hint>
      {busy && <Spinner />}
      {fileId && !busy && (
        <span role="status">
          <FormattedMessage id="car.upload.done" />
        </span>
      )}
      {message && <Problem role="alert">{message}</Problem>}
    </Wrapper>
  );
}
