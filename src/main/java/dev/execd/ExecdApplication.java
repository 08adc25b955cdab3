package dev.execd;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Entry point of execd.
 */
@SpringBootApplication
public class ExecdApplication {

	public static void main(String[] args) {
		SpringApplication.run(ExecdApplication.class, args);
	}

}
