import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { publicFileUrl, useGlobalConfig } from '../providers/global-config';

/** The platform mark: the configured logo file when there is one and it loads, else the built-in mark. */
export function LogoMark({ size = 28 }: { size?: number }) {
  const { logoFileId } = useGlobalConfig();
  const [failedId, setFailedId] = useState<string>();
  if (logoFileId && logoFileId !== failedId) {
    return <img src={publicFileUrl(logoFileId)} alt="" width={size} height={size} style={{ objectFit: 'contain' }} onError={() => setFailedId(logoFileId)} />;
  }
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--ant-color-primary, #2a6bfd)" />
      <path
        d="M9 20.5c2.2 2 4.6 3 7.2 3 3.6 0 6.3-1.8 6.3-4.9 0-5.8-10.6-3.9-10.6-7.6 0-1.3 1.3-2.3 3.3-2.3 1.8 0 3.4.6 5 1.9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The sidebar's logo block (sidebarLogo setting): mark and the operator short name, linking home. */
export function Logo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation();
  const { opshort } = useGlobalConfig();
  return (
    <Link to="/op" className={`sidebar-logo ${dark ? 'is-dark' : ''}`} aria-label={t('productName')}>
      <LogoMark />
      {/* The short name is the operators' own setting (a system parameter), shown as written in every language. */}
      {!collapsed &&
        (opshort ? (
          <span className="sidebar-logo-title" data-record="">
            {opshort}
          </span>
        ) : (
          <span className="sidebar-logo-title">{t('productName')}</span>
        ))}
    </Link>
  );
}
