package dev.execd;

import dev.execd.process.Libc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Entry point of execd.
 */
@SpringBootApplication
public class ExecdApplication {

	private static final String BACKGROUND_PREINITIALIZATION = "spring.backgroundpreinitializer.ignore";

	public static void main(String[] args) {
		// Session processes run as execd's own user: without this they could read its
		// memory and environment (tokens) through /proc.
		Libc.markNotDumpable();
		// Boot's background pre-initialization bootstraps Bean Validation (Hibernate
		// Validator, some 500 classes), which an idle server never uses (api/rest
		// LazyBeanValidator); what else it warms up is loaded at its first use.
		if (System.getProperty(BACKGROUND_PREINITIALIZATION) == null) {
			System.setProperty(BACKGROUND_PREINITIALIZATION, "true");
		}
		SpringApplication application = new SpringApplication(ExecdApplication.class);
		application.addInitializers(new StartupSteps());
		application.run(args);
	}

}
