import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LocalDiskStorageDriver } from './local-disk.driver';
import { ObjectsController } from './objects.controller';
import { ObjectsService } from './objects.service';
import { STORAGE_DRIVER } from './storage.driver';
import { UploadTicketEntity } from './upload-ticket.entity';

/** Uploads (single-use URLs, checked files) and serving them from /objects. */
@Module({
  imports: [TypeOrmModule.forFeature([UploadTicketEntity])],
  controllers: [ObjectsController],
  providers: [
    ObjectsService,
    {
      provide: STORAGE_DRIVER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalDiskStorageDriver(config.dataDir),
    },
  ],
  exports: [ObjectsService],
})
export class ObjectsModule {}
