import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { createMediaStore } from './create-media-store';
import { MEDIA_STORE, MediaStore } from './media-store';

/** The one MediaStore of the application (`@Inject(MEDIA_STORE)`), made from the configuration and closed on shutdown. */
@Global()
@Module({
  providers: [{ provide: MEDIA_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createMediaStore(config) }],
  exports: [MEDIA_STORE],
})
export class MediaStoreModule implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
