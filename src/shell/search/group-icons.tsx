import {
  AppstoreOutlined,
  ApartmentOutlined,
  BgColorsOutlined,
  BlockOutlined,
  ContainerOutlined,
  DownloadOutlined,
  FolderOpenOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { SearchGroupKey } from './search-groups';

export const GROUP_ICONS: Record<SearchGroupKey, ReactNode> = {
  projects: <FolderOpenOutlined />,
  models: <BlockOutlined />,
  libraries: <AppstoreOutlined />,
  libraryItems: <ContainerOutlined />,
  materials: <BgColorsOutlined />,
  materialCategories: <ApartmentOutlined />,
  users: <UserOutlined />,
  roles: <SafetyCertificateOutlined />,
  groups: <TeamOutlined />,
  labels: <TagsOutlined />,
  downloads: <DownloadOutlined />,
  propertyMaps: <NodeIndexOutlined />,
};
