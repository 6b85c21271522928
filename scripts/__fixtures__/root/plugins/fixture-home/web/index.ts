import type { WebPlugin } from '../../../../../../core/plugin-api';

const plugin: WebPlugin = {
  id: 'fixture-home',
  routes: [{ name: 'fixture.home', path: '/', page: () => import('./FixturePage') }],
  components: [{ slot: 'home.sections', order: 1, component: () => import('./FixtureSection') }],
};
export default plugin;
