import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { portfolioContent } from '../config/portfolio-content';
import { usePageMeta } from '../lib/use-page-meta';

/** The developer's page: photo, short bio and three project links (spec §2 /portfolio). */
export function PortfolioPage() {
  usePageMeta('Portfolio');
  const { name, role, photo, bio, projects } = portfolioContent;
  return (
    <Container className="py-5">
      <Row className="align-items-center g-4 mb-5">
        <Col md={4} className="text-center">
          <img src={photo} alt={`Portrait of ${name}`} className="portfolio-photo" width={240} height={240} />
        </Col>
        <Col md={8}>
          <h1>{name}</h1>
          <p className="text-warning-emphasis fw-semibold">{role}</p>
          <p className="lead">{bio}</p>
        </Col>
      </Row>
      <h2 className="h4 mb-3">Projects</h2>
      <Row xs={1} md={3} className="g-4">
        {projects.map((project) => (
          <Col key={project.title}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <Card.Title as="h3" className="h5">
                  <a
                    href={project.url}
                    className="stretched-link"
                    {...(project.url.startsWith('http')
                      ? { target: '_blank', rel: 'noopener noreferrer' }
                      : {})}
                  >
                    {project.title}
                  </a>
                </Card.Title>
                <Card.Text className="text-secondary">{project.description}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
