import { ContactPage } from './ContactPage';

/** /account/center/setting/phone */
export default function PhonePage() {
  return <ContactPage kind="phone" />;
}
