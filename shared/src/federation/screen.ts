/** What the shell (or the WordPress loader) gives a remote's root component: the remote never reads window.location. */
export interface ScreenProps {
  screen: string;
  params: Record<string, string | undefined>;
  query: Record<string, string>;
  state?: unknown;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

/** Props a remote's `mount` accepts; outside the shell navigation is a full page load. */
export type MountProps = Partial<ScreenProps> & Record<string, unknown>;

export type Unmount = () => void;
export type Mount = (el: Element, props?: MountProps) => Unmount;
