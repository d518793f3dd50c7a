import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ObjectsModule } from '../objects/objects.module';
import { UserEntity } from './user.entity';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), ObjectsModule],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
