import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Metrics } from '../common/observability/metrics';
import { installJobContext } from '../jobs/job-context';
import { RealtimeModule } from '../realtime/realtime.module';
import { CommonModule } from '../common/common.module';
import { MetricsCollectors } from './metrics-collectors';
import { MetricsServer } from './metrics-endpoint';
import { Readiness } from './readiness';

// Before any queue of the application is made: jobs carry the request id that added them (jobs/job-context.ts).
installJobContext();

/**
 * Logs' request context, metrics and readiness (README.md in common/observability). Global: any module may count
 * into Metrics (the ingest does) without importing this one.
 */
@Global()
@Module({
  imports: [DiscoveryModule, CommonModule, RealtimeModule],
  providers: [Metrics, MetricsCollectors, MetricsServer, Readiness],
  exports: [Metrics, MetricsServer, Readiness],
})
export class ObservabilityModule {}
