import { Text } from '@chakra-ui/react';
import { LegalPage, LegalSection } from './LegalPage';

export default function PrivacyScreen() {
  return (
    <LegalPage title="Privacy Policy">
      <LegalSection title="Who we are">
        <Text>
          Saffa is a members-only social network for South Africans living at home and abroad. This policy explains what
          personal information we collect, why we collect it and the choices you have.
        </Text>
      </LegalSection>
      <LegalSection title="Who may use Saffa">
        <Text>
          You must be at least 18 years old to create an account or use Saffa. We do not knowingly collect information
          from anyone under 18; if we learn that we have, we delete the account and its data.
        </Text>
      </LegalSection>
      <LegalSection title="What we collect">
        <Text>
          Account details you give us (name, email address, password in hashed form, profile photo); the content you
          post or send (posts, photos, videos, documents, comments, messages, check-ins and the locations attached to
          them); your settings and preferences; and basic technical data needed to keep the service secure, such as
          sign-in times and IP addresses. If you sign in with Google or Facebook we receive your name, email address and
          profile photo from that provider.
        </Text>
      </LegalSection>
      <LegalSection title="How we use it">
        <Text>
          To run Saffa: to show your posts to the community, deliver your messages and notifications, suggest people,
          groups and events near you, keep accounts safe, prevent abuse and answer your questions. Location is used only
          when you share it, for example in a check-in or when you turn on SAFFA Radar.
        </Text>
      </LegalSection>
      <LegalSection title="What we share">
        <Text>
          We do not sell your personal information and we do not share it with advertisers. Other members see what you
          choose to post. We use a small number of service providers (hosting, storage, email) who process data on our
          behalf under contract, and we disclose information when the law requires it.
        </Text>
      </LegalSection>
      <LegalSection title="Cookies">
        <Text>
          We use a session cookie to keep you signed in and a few local settings (such as your theme and sidebar state).
          We do not use advertising or tracking cookies.
        </Text>
      </LegalSection>
      <LegalSection title="Your rights">
        <Text>
          You can see and correct your profile at any time, download your data and delete your account. Deleting your
          account removes your profile and content, except where we must keep records by law. Depending on where you
          live (for example under POPIA in South Africa or the GDPR in Europe) you may have further rights, such as to
          object to processing or complain to a regulator.
        </Text>
      </LegalSection>
      <LegalSection title="Security and retention">
        <Text>
          Passwords are stored hashed, connections are encrypted and access to data is limited to those who need it. We
          keep your information for as long as your account is active and for a short period afterwards for backups.
        </Text>
      </LegalSection>
      <LegalSection title="Changes and contact">
        <Text>
          If we change this policy we will tell members in the app before the change takes effect. Questions about
          privacy can be sent to the Saffa team through the app or at privacy@saffa.app.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
