import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConnectionsModule } from '../connections/connections.module';
import { BansModule } from '../moderation/bans.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { RedisLink } from './redis-link';
import { SocketSessions } from './socket-sessions';

@Global()
@Module({
  imports: [AuthModule, ConnectionsModule, BansModule],
  providers: [RealtimeGateway, RealtimePublisher, RedisLink, SocketSessions],
  exports: [RealtimePublisher, RedisLink],
})
export class RealtimeModule {}
