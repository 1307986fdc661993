import { Text } from '@chakra-ui/react';
import { LegalPage, LegalSection } from './LegalPage';

export default function TermsScreen() {
  return (
    <LegalPage title="Terms of Service">
      <LegalSection title="Agreement">
        <Text>
          These terms apply when you use Saffa, a community social network for South Africans living anywhere. By
          creating an account you agree to them and to our Privacy Policy.
        </Text>
      </LegalSection>
      <LegalSection title="Eligibility">
        <Text>
          You must be at least 18 years old to use Saffa. You must give accurate information when you sign up, keep your
          password safe and use only one personal account.
        </Text>
      </LegalSection>
      <LegalSection title="Your content">
        <Text>
          You own what you post. You give Saffa permission to store, display and share it with the members you choose,
          only to run the service. You are responsible for having the rights to what you upload.
        </Text>
      </LegalSection>
      <LegalSection title="Community rules">
        <Text>
          Be respectful. Do not post anything illegal, hateful, harassing, violent, sexually explicit or misleading; do
          not spam, scam or impersonate others; do not sell prohibited goods on the marketplace; and do not try to break
          or misuse the service. Members can report posts, and we may remove content that breaks these rules.
        </Text>
      </LegalSection>
      <LegalSection title="Businesses, jobs, events and the marketplace">
        <Text>
          Business pages, job posts, event tickets and marketplace listings are offered by members, not by Saffa. Check
          the details yourself before you pay, apply or meet someone; Saffa is not a party to those deals.
        </Text>
      </LegalSection>
      <LegalSection title="Suspension and closing your account">
        <Text>
          You may delete your account at any time. We may suspend or close accounts that break these terms or put other
          members at risk.
        </Text>
      </LegalSection>
      <LegalSection title="Liability">
        <Text>
          Saffa is provided as is. To the extent the law allows, we are not liable for indirect losses or for content
          posted by members. Nothing in these terms limits rights you have under consumer law.
        </Text>
      </LegalSection>
      <LegalSection title="Changes">
        <Text>
          We may update these terms. We will tell members in the app before changes take effect; if you keep using Saffa
          afterwards, the new terms apply.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
