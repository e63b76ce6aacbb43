/**
 * The antd icons the menu tree may name. Importing @ant-design/icons whole would ship hundreds of
 * icons; this map ships the ones the seeded menus use, and an unknown name gets a neutral icon.
 */
import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BlockOutlined,
  BookOutlined,
  BranchesOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FormOutlined,
  GoldOutlined,
  HomeOutlined,
  IdcardOutlined,
  MenuOutlined,
  MoneyCollectOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BlockOutlined,
  BookOutlined,
  BranchesOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FormOutlined,
  GoldOutlined,
  HomeOutlined,
  IdcardOutlined,
  MenuOutlined,
  MoneyCollectOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

/** The names a menu may give (the menu editor offers these). */
export const MENU_ICON_NAMES = Object.keys(ICONS);

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
