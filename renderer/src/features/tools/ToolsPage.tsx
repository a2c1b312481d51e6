import { useT } from '../../app/i18n';
import { BundlePanel } from './BundlePanel';
import { ClockPanel } from './ClockPanel';
import { SettingsPanel } from './SettingsPanel';
import { SignatureInspector } from './SignatureInspector';
import { TestValues } from './TestValues';

export default function ToolsPage() {
  const t = useT();
  return (
    <div className="page">
      <h1>{t('nav.tools')}</h1>
      <div className="grid-2">
        <ClockPanel />
        <SettingsPanel />
      </div>
      <SignatureInspector />
      <BundlePanel />
      <TestValues />
    </div>
  );
}
