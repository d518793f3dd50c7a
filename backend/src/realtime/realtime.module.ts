import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConnectionsModule } from '../connections/connections.module';
import { BansModule } from '../bans/bans.module';
import { RealtimeGateway } from './realtime.gateway';
import { SocketSessions } from './socket-sessions';

/** The Socket.IO server: who may connect, which rooms a socket joins, and what clients may send. */
@Module({
  imports: [AuthModule, ConnectionsModule, BansModule],
  providers: [RealtimeGateway, SocketSessions],
})
export class RealtimeModule {}
