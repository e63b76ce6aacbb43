import { Authenticated, Refine } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { CancelOnNavigate } from './components/CancelOnNavigate';
import { FullScreenLoading } from './components/FullScreenLoading';
import { GoToLogin } from './components/GoToLogin';
import { NotifierBridge } from './components/NotifierBridge';
import { authProvider } from './providers/auth-provider';
import { i18nProvider } from './providers/i18n';

const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const BasicLayout = lazy(() => import('./layout/BasicLayout'));
const HomePage = lazy(() => import('./pages/home/HomePage'));
const ChangePasswordPage = lazy(() => import('./pages/password/ChangePasswordPage'));
const ErrorPage = lazy(() => import('./pages/errors/ErrorPage'));
const PublicNotice = lazy(() => import('./pages/public/PublicNotice'));
const AuthRedirect = lazy(() => import('./pages/public/AuthRedirect'));

/** Default theme colour of spec §9. */
export const PRIMARY_COLOR = '#2a6bfd';

const page = (element: ReactNode) => <Suspense fallback={<FullScreenLoading />}>{element}</Suspense>;

export default function App() {
  const { i18n } = useTranslation();
  return (
    <BrowserRouter>
      <ConfigProvider locale={i18n.language === 'en-US' ? enUS : zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
        <AntdApp style={{ height: '100%' }}>
          <NotifierBridge />
          <Refine
            routerProvider={routerProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <CancelOnNavigate />
            <Routes>
              <Route path="/login/op" element={page(<LoginPage />)} />
              <Route path="/auth-redirect" element={page(<AuthRedirect />)} />
              <Route path="/bind" element={page(<PublicNotice kind="bind" />)} />
              <Route path="/register" element={page(<PublicNotice kind="register" />)} />
              <Route path="/401" element={page(<ErrorPage code={401} />)} />
              <Route path="/403" element={page(<ErrorPage code={403} />)} />
              <Route path="/404" element={page(<ErrorPage code={404} />)} />
              <Route
                element={
                  <Authenticated key="op" fallback={<GoToLogin />} loading={<FullScreenLoading />}>
                    {page(<BasicLayout />)}
                  </Authenticated>
                }
              >
                <Route path="/op" element={page(<HomePage />)} />
                <Route path="/op/login/change-password" element={page(<ChangePasswordPage />)} />
              </Route>
              <Route path="/" element={<Navigate to="/op" replace />} />
              <Route path="*" element={<Navigate to="/403" replace />} />
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
