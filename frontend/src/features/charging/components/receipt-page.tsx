// i18n-catalog: app — receipts render only in the customer area, whose route loads the app catalog first.
import { useState, type ReactNode } from 'react';
import { Global, css } from '@emotion/react';
import styled from '@emotion/styled';
import { Link, useParams } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { Stack } from '../../../components/ui/status-parts';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../hooks/use-locale';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { downloadReceiptPdf, useReceipt, type ReceiptSubject } from '../api/receipts-api';
import { ReceiptView } from './receipt-view';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

/**
 * Printing shows the receipt alone: everything else on the page (header, menus, footer, these buttons) is hidden,
 * and the receipt keeps the page's language and direction (the document's dir and lang are untouched).
 */
const printOnlyReceipt = css`
  @media print {
    @page {
      margin: 16mm;
    }
    body * {
      visibility: hidden;
    }
    [data-print-root],
    [data-print-root] * {
      visibility: visible;
    }
    [data-print-root] {
      position: absolute;
      inset-block-start: 0;
      inset-inline-start: 0;
      inline-size: 100%;
    }
    [data-no-print] {
      display: none !important;
    }
  }
`;

function ReceiptScreen({ subject, back }: { subject: ReceiptSubject; back: ReactNode }) {
  const intl = useIntl();
  const locale = useLocale();
  const receipt = useReceipt(subject);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (!receipt.data) return;
    setDownloading(true);
    setFailed(false);
    try {
      await downloadReceiptPdf(subject, receipt.data, locale);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack>
      <Global styles={printOnlyReceipt} />
      <PageTitle data-no-print>
        <FormattedMessage id="receipt.pageTitle" />
      </PageTitle>
      {receipt.isPending ? (
        <Spinner />
      ) : receipt.isError ? (
        <p role="alert">{translateErrorCode(intl, receipt.error instanceof ApiRequestError ? receipt.error.code : 'server.error')}</p>
      ) : (
        <>
          <div data-print-root>
            <ReceiptView receipt={receipt.data} />
          </div>
          <Row data-no-print>
            <Button type="button" onClick={() => window.print()}>
              <FormattedMessage id="receipt.print" />
            </Button>
            <Button type="button" variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
              <FormattedMessage id="receipt.downloadPdf" />
            </Button>
          </Row>
          {failed && (
            <p role="alert" data-no-print>
              <FormattedMessage id="receipt.downloadFailed" />
            </p>
          )}
        </>
      )}
      <div data-no-print>{back}</div>
    </Stack>
  );
}

/** /my-sessions/$sessionId/receipt */
export function SessionReceiptPage() {
  const { sessionId } = useParams({ strict: false }) as { sessionId: string };
  return (
    <ReceiptScreen
      subject={{ kind: 'session', sessionId }}
      back={
        <Link to={paths.customer.session} params={{ sessionId }}>
          <FormattedMessage id="receipt.backToSession" />
        </Link>
      }
    />
  );
}

/** /my-bookings/$bookingId/receipt (a booking a session fulfilled shows that session's receipt, with the fee). */
export function BookingReceiptPage() {
  const { bookingId } = useParams({ strict: false }) as { bookingId: string };
  return (
    <ReceiptScreen
      subject={{ kind: 'booking', bookingId }}
      back={
        <Link to={paths.customer.booking} params={{ bookingId }}>
          <FormattedMessage id="receipt.backToBooking" />
        </Link>
      }
    />
  );
}
