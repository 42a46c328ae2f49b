import type { ComponentType } from 'react';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';
import type { ScreenProps } from './screen';

/** A remote's screens by route name (the names of the shared route table). */
export type ScreenTable = Record<string, ComponentType<ScreenProps>>;

/** A remote's root component: renders the screen the host asks for, or the remote's default one. */
export function createScreenSwitch(screens: ScreenTable, defaultScreen: string): ComponentType<ScreenProps> {
  const Fallback = screens[defaultScreen];
  if (!Fallback) throw new Error(`default screen ${defaultScreen} is not in the table`);
  return function ScreenSwitch(props: ScreenProps) {
    const Screen = screens[props.screen] ?? Fallback;
    return <Screen {...props} />;
  };
}

/** Stand-in for a screen a later issue builds. */
export function placeholderScreen(title: string): ComponentType<ScreenProps> {
  return function Placeholder({ screen }: ScreenProps) {
    return <ScreenPlaceholder screen={screen} title={title} />;
  };
}
