package dev.execd.api.rest;

import java.net.URI;

import dev.execd.output.OutputException;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemAdviceTests {

	@Test
	void aReadOutOfDescriptorsAnswers503ResourcesExhaustedWithRetryAfter() {
		ResponseEntity<ProblemDetail> response = new ProblemAdvice()
			.output(new OutputException.ResourcesExhausted(4096));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
		assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		ProblemDetail problem = response.getBody();
		assertThat(problem.getType()).isEqualTo(URI.create("https://execd.dev/problems/resources-exhausted"));
		assertThat(problem.getProperties()).containsEntry("code", "resources_exhausted");
		assertThat(problem.getDetail())
			.isEqualTo("the server is out of file descriptors to read the output at offset 4096; retry shortly");
	}

	@Test
	void bytesNoLongerKeptStayGoneWithoutRetryAfter() {
		ResponseEntity<ProblemDetail> response = new ProblemAdvice().output(new OutputException.OutputUnavailable(0));
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.GONE);
		assertThat(response.getHeaders().containsHeader(HttpHeaders.RETRY_AFTER)).isFalse();
		assertThat(response.getBody().getProperties()).containsEntry("code", "output_unavailable");
	}

}
