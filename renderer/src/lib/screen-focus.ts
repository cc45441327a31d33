/**
 * What a page load does for a keyboard and a screen reader, done on every screen change of
 * this one-page app: focus goes to the new screen's first field (a form screen) or to its
 * heading, and a polite live region says which screen it is. Screens load their data first,
 * so the target is awaited as it appears.
 */
import { useEffect, useState } from 'react';

/** How long a screen may take to show its heading or first field before focus gives up. */
const WAIT_MS = 8_000;
const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

function firstField(container: ParentNode): HTMLElement | null {
  for (const form of container.querySelectorAll('form')) {
    // The list's filter bar is a form too, but the list is not a form screen.
    const field = form.querySelector<HTMLElement>(FIELDS);
    if (field) return field;
  }
  return null;
}

/** The heading's words with a space between its parts (a number and a status chip). */
function headingText(heading: HTMLElement): string {
  const parts = Array.from(heading.childNodes, (node) => node.textContent?.trim() ?? '').filter(Boolean);
  return parts.join(' ');
}

/** Has the screen (or the operator) already put focus somewhere inside it? Then leave it. */
function focusAlreadyPlaced(container: HTMLElement): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement && active !== container && container.contains(active) && active.tagName !== 'MAIN'
  );
}

export interface ScreenChange {
  /** Changes when the operator is on another screen; not when a list filter changes. */
  key: string;
  /** The screen's name, said when its heading has no more to say. */
  title: string;
  /** Focus the first field rather than the heading. */
  form: boolean;
}

/** Moves focus on every screen change and returns the sentence for the live region. */
export function useScreenFocus({ key, title, form }: ScreenChange): string {
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let done = false;
    const settle = (target: HTMLElement | null, heading: HTMLElement | null) => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      const text = heading ? headingText(heading) : '';
      setAnnouncement(text && text !== title ? `${title}: ${text}` : title);
      if (!target) return;
      const container = document.querySelector<HTMLElement>('main') ?? document.body;
      if (focusAlreadyPlaced(container)) return;
      // A heading is not a control: focusable by script only, never in the Tab order.
      if (!target.matches(FIELDS) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: false });
    };
    const look = (givingUp: boolean) => {
      if (done) return;
      const container = document.querySelector<HTMLElement>('main') ?? document.body;
      const heading = container.querySelector<HTMLElement>('h1');
      const field = form ? firstField(container) : null;
      if (field) return settle(field, heading);
      if (heading && (!form || givingUp)) return settle(heading, heading);
      if (givingUp) settle(null, null);
    };
    const observer = new MutationObserver(() => look(false));
    const timer = setTimeout(() => look(true), WAIT_MS);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    // Let the new screen render first: a field that is still the old screen's must not win.
    const first = requestAnimationFrame(() => look(false));
    return () => {
      done = true;
      cancelAnimationFrame(first);
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [key, title, form]);

  return announcement;
}
