/** Work a request starts but does not wait for (mail); errors are logged, shutdown can wait for it. */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>()

  constructor(private readonly logger: Pick<Console, 'error'> = console) {}

  run(label: string, task: () => Promise<unknown>): void {
    const promise = (async () => {
      try {
        await task()
      } catch (error) {
        this.logger.error(`${label} failed:`, error)
      }
    })()
    this.#pending.add(promise)
    void promise.finally(() => this.#pending.delete(promise))
  }

  get size(): number {
    return this.#pending.size
  }

  /** Resolves once every task, including tasks started meanwhile, has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending)
  }
}
