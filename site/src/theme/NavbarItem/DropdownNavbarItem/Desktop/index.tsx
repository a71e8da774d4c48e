/**
 * Ejected from @docusaurus/theme-classic 3.9.2 (theme/NavbarItem/DropdownNavbarItem/Desktop);
 * changed lines are marked (CUSTOM). Copyright (c) Facebook, Inc. and its affiliates, MIT licence.
 */
import {useState, useRef, useEffect, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import NavbarNavLink from '@theme/NavbarItem/NavbarNavLink';
import NavbarItem from '@theme/NavbarItem';
import type {Props} from '@theme/NavbarItem/DropdownNavbarItem/Desktop';

export default function DropdownNavbarItemDesktop({
  items,
  position,
  className,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- as upstream: not passed on
  onClick,
  ...props
}: Props): ReactNode {
  const dropdownRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null); // (CUSTOM)
  const [showDropdown, setShowDropdown] = useState(false);

  useEffect(() => {
    const handleClickOutside = (event: MouseEvent | TouchEvent | FocusEvent) => {
      if (!dropdownRef.current || dropdownRef.current.contains(event.target as Node)) {
        return;
      }
      setShowDropdown(false);
    };

    document.addEventListener('mousedown', handleClickOutside);
    document.addEventListener('touchstart', handleClickOutside);
    document.addEventListener('focusin', handleClickOutside);

    return () => {
      document.removeEventListener('mousedown', handleClickOutside);
      document.removeEventListener('touchstart', handleClickOutside);
      document.removeEventListener('focusin', handleClickOutside);
    };
  }, [dropdownRef]);

  // (CUSTOM) Escape closes the menu from the toggle or from any of its items, and focus goes
  // back to the toggle that opened it (WAI-ARIA disclosure pattern; issue 31).
  const closeOnEscape = (event: KeyboardEvent) => {
    // (CUSTOM)
    if (event.key !== 'Escape' || !showDropdown) return; // (CUSTOM)
    event.preventDefault(); // (CUSTOM)
    setShowDropdown(false); // (CUSTOM)
    toggleRef.current?.focus(); // (CUSTOM)
  }; // (CUSTOM)

  return (
    <div
      ref={dropdownRef}
      onKeyDown={closeOnEscape} // (CUSTOM)
      className={clsx('navbar__item', 'dropdown', 'dropdown--hoverable', {
        'dropdown--right': position === 'right',
        'dropdown--show': showDropdown,
      })}>
      <NavbarNavLink
        aria-haspopup="true"
        aria-expanded={showDropdown}
        role="button"
        ref={toggleRef} // (CUSTOM)
        // # hash permits to make the <a> tag focusable in case no link target
        // See https://github.com/facebook/docusaurus/pull/6003
        // There's probably a better solution though...
        href={props.to ? undefined : '#'}
        className={clsx('navbar__link', className)}
        {...props}
        onClick={props.to ? undefined : (e) => e.preventDefault()}
        onKeyDown={(e) => {
          // (CUSTOM) Space opens it too, as on any button.
          if (e.key === 'Enter' || e.key === ' ') {
            // (CUSTOM)
            e.preventDefault();
            setShowDropdown(!showDropdown);
          }
        }}>
        {props.children ?? props.label}
      </NavbarNavLink>
      <ul className="dropdown__menu">
        {items.map((childItemProps, i) => (
          <NavbarItem
            isDropdownItem
            activeClassName="dropdown__link--active"
            {...childItemProps}
            key={i}
          />
        ))}
      </ul>
    </div>
  );
}
