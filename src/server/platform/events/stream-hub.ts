import type { Delivery, LiveFeed, StreamName } from '../feature.ts';
import type { AppEvent, EventBus } from './bus.ts';
import { eventFrame, type EventStream } from './sse.ts';
import { streamTopics, type StreamTopics } from './topics.ts';

export interface StreamHub {
  /** `stream` gets what the features send to `name`'s `key` until the returned function is called. */
  follow(name: StreamName, key: string, stream: EventStream): () => void;
  /** Stops listening to the bus. */
  stop(): void;
}

/**
 * Every open stream of this instance by name and key, fed by the features' declared feeds:
 * one bus subscription; each event becomes the frames its feeds name, each frame made once
 * and written to the streams of its key only. `resync` goes to every stream.
 */
export function createStreamHub(bus: EventBus, feeds: readonly LiveFeed[]): StreamHub {
  const topics: Record<StreamName, StreamTopics> = { task: streamTopics(), person: streamTopics() };
  const byType = Map.groupBy(feeds, (feed) => feed.event);
  const deliver = (name: StreamName, delivery: Delivery) =>
    topics[name].send(delivery.key, eventFrame(delivery.event, delivery.data), delivery.onlyFor);
  const stop = bus.subscribe((event: AppEvent) => {
    if (event.type === 'resync') {
      for (const topic of Object.values(topics)) topic.sendAll(eventFrame('resync', {}));
      return;
    }
    for (const feed of byType.get(event.type) ?? [])
      for (const delivery of feed.send(event)) deliver(feed.stream, delivery);
  });
  return {
    follow: (name, key, stream) => topics[name].follow(key, stream),
    stop,
  };
}
