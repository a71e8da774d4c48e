import type {ReactNode} from 'react';
import clsx from 'clsx';
import {signOut} from '@site/src/auth/signOut';

type Props = {
  readonly mobile?: boolean;
  readonly className?: string;
};

// The navbar's "Logout" link: ends the server session and the browser's Firebase session,
// then reloads, which lands on the sign-in page.
export default function LogoutNavbarItem({mobile = false, className}: Props): ReactNode {
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    void signOut();
  };
  // A link in the navbar's look that acts as a button: Space signs out too, as Enter does.
  const onKeyDown = (event: React.KeyboardEvent<HTMLAnchorElement>): void => {
    if (event.key !== ' ') return;
    event.preventDefault();
    void signOut();
  };
  return (
    <a
      href="#logout"
      role="button"
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', className)}>
      Logout
    </a>
  );
}
