// i18n-catalog: app
import styled from '@emotion/styled';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from './button';
import { theme } from '../../styles/theme';

const Picker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  position: relative;
  input {
    /* the native control stays (focusable, labelled, announced) but is drawn by the button beside it */
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    opacity: 0;
    overflow: hidden;
  }
  .choose {
    ${buttonStyles('secondary')}
    min-block-size: 2.5rem;
  }
  input:focus-visible + .choose {
    outline: 3px solid ${theme.color.primary};
    outline-offset: 2px;
  }
  .name {
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }
`;

interface FileInputProps {
  id: string;
  accept: string;
  onFile: (file: File | undefined) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A file picker in the UI language: the browser's own control reads "Choose File / No file chosen" in the browser's
 * language whatever the page's, so it is drawn as a translated button with the chosen file's name.
 */
export function FileInput({ id, accept, onFile, invalid, describedBy }: FileInputProps) {
  const [name, setName] = useState<string | null>(null);
  return (
    <Picker>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setName(file?.name ?? null);
          onFile(file);
        }}
      />
      <label htmlFor={id} className="choose" aria-hidden="true" data-testid="file-choose">
        <FormattedMessage id="upload.choose" />
      </label>
      <span className="name" aria-hidden="true" data-testid="file-name">
        {name ?? <FormattedMessage id="upload.none" />}
      </span>
    </Picker>
  );
}
