import { observer } from 'mobx-react-lite';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ComponentContribution, ComponentSlot, SectionSlot } from '../../plugin-api';
import { useRoot } from '../store/root-context';

const lazyComponents = new WeakMap<ComponentContribution, LazyExoticComponent<ComponentType>>();

function lazyOf(contribution: ComponentContribution): LazyExoticComponent<ComponentType> {
  let component = lazyComponents.get(contribution);
  if (!component) {
    component = lazy(contribution.component);
    lazyComponents.set(contribution, component);
  }
  return component;
}

/** Renders the visible components plugins add to a named slot, in their order (in a section: that section's only). */
export const Slot = observer(function Slot({ name, section }: { name: ComponentSlot; section?: SectionSlot }) {
  const root = useRoot();
  const contributions = root.registry
    .components(name)
    .filter((contribution) => contribution.section === section && (!contribution.visible || contribution.visible(root)));
  if (!contributions.length) return null;
  return (
    <>
      {contributions.map((contribution, index) => {
        const Component = lazyOf(contribution);
        return (
          <Suspense key={`${contribution.pluginId}:${index}`} fallback={null}>
            <Component />
          </Suspense>
        );
      })}
    </>
  );
});
