import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import LogoutNavbarItem from './LogoutNavbarItem';

// Registers the site's own navbar item types (`type: 'custom-logout'` in docusaurus.config.ts).
export default {
  ...ComponentTypes,
  'custom-logout': LogoutNavbarItem,
};
