import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConnectionsModule } from '../connections/connections.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { RedisLink } from './redis-link';

@Global()
@Module({
  imports: [AuthModule, ConnectionsModule],
  providers: [RealtimeGateway, RealtimePublisher, RedisLink],
  exports: [RealtimePublisher, RedisLink],
})
export class RealtimeModule {}
