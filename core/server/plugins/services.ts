/** Services plugins offer each other on the server: provided during register, used by name. */
export class ServiceRegistry {
  private readonly services = new Map<string, { service: unknown; provider: string }>();

  provide(name: string, service: unknown, provider: string): void {
    const existing = this.services.get(name);
    if (existing) throw new Error(`service "${name}" is provided twice: by plugin "${existing.provider}" and by plugin "${provider}"`);
    this.services.set(name, { service, provider });
  }

  use<T>(name: string): T {
    const entry = this.services.get(name);
    if (!entry) throw new Error(`no plugin provides the service "${name}": select its plugin and list it in dependsOn`);
    return entry.service as T;
  }
}
