package dev.execd;

import dev.execd.process.Libc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Entry point of execd.
 */
@SpringBootApplication
public class ExecdApplication {

	public static void main(String[] args) {
		// Session processes run as execd's own user: without this they could read its
		// memory and environment (tokens) through /proc.
		Libc.markNotDumpable();
		SpringApplication application = new SpringApplication(ExecdApplication.class);
		application.addInitializers(new StartupSteps());
		application.run(args);
	}

}
