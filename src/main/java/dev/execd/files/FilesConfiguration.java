package dev.execd.files;

import dev.execd.config.ExecdProperties;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The files package's beans.
 */
@Configuration(proxyBeanMethods = false)
class FilesConfiguration {

	@Bean
	FileRoots fileRoots(ExecdProperties properties) {
		return new FileRoots(properties);
	}

	@Bean
	FileReads fileReads(FileRoots roots) {
		return new FileReads(roots);
	}

	@Bean
	FileWrites fileWrites(ExecdProperties properties) {
		return new FileWrites(properties.files().maxUploadSize().toBytes());
	}

	@Bean
	ArchiveExtractor archiveExtractor(FileRoots roots, ExecdProperties properties) {
		return new ArchiveExtractor(roots, properties.files().maxUploadSize().toBytes());
	}

	@Bean
	FileChanges fileChanges(FileRoots roots) {
		return new FileChanges(roots);
	}

}
