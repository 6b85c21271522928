import { ContactPage } from './ContactPage';

/** /account/center/setting/email */
export default function EmailPage() {
  return <ContactPage kind="email" />;
}
