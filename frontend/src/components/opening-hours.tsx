import { FormattedMessage } from 'react-intl';

/** The network's opening hours and the call centre (the footer and the contact page). */
export function OpeningHours() {
  return (
    <>
      <h2>
        <FormattedMessage id="footer.hoursTitle" />
      </h2>
      <p>
        <FormattedMessage id="facts.hours" />
      </p>
      <p>
        <FormattedMessage id="facts.callCentre" />
      </p>
    </>
  );
}
