import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { LocalDiskStorageDriver } from './local-disk.driver';
import { ObjectsController } from './objects.controller';
import { ObjectsService } from './objects.service';
import { S3StorageDriver } from './s3.driver';
import { STORAGE_DRIVER, type StorageDriver } from './storage.driver';
import { UploadTicketEntity } from './upload-ticket.entity';

/**
 * Uploads (single-use URLs, checked files, display versions of post images) and serving them from /objects, on
 * local disk or S3.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UploadTicketEntity])],
  controllers: [ObjectsController],
  providers: [
    ObjectsService,
    {
      provide: STORAGE_DRIVER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): StorageDriver =>
        config.s3 ? new S3StorageDriver(config.s3) : new LocalDiskStorageDriver(config.dataDir),
    },
  ],
  exports: [ObjectsService],
})
export class ObjectsModule {}
