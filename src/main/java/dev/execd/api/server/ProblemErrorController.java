package dev.execd.api.server;

import java.io.IOException;

import dev.execd.api.BareProblem;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Renders what reaches the error page (a servlet's {@code sendError}, an exception past
 * every handler) as problem details with a {@code code}, like every other refusal. The
 * detail is fixed per status: never an exception's message, which may name files or
 * internals.
 */
@Hidden
@RestController
class ProblemErrorController implements ErrorController {

	@RequestMapping("${server.error.path:${error.path:/error}}")
	void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
		if (response.isCommitted()) {
			return;
		}
		int status = (request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer code && code >= 400
				&& code <= 599) ? code : 500;
		byte[] body = BareProblem.body(status);
		response.resetBuffer();
		response.setStatus(status);
		response.setContentType(BareProblem.MEDIA_TYPE);
		response.setCharacterEncoding("UTF-8");
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

}
