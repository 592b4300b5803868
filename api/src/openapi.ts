import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './app.factory';
import { loadConfig } from './config/app-config';

/**
 * The contract as committed in api/openapi.json: built from the code without a database or Redis
 * (`preview` mode instantiates nothing), keys sorted so that diffs show real changes only.
 */
export async function generateOpenApi(): Promise<string> {
  const app = await NestFactory.create(AppModule.forRoot(loadConfig({ NODE_ENV: 'development' })), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
